import { get, useFormState, type FieldErrors, type FieldValues } from 'react-hook-form';
import { consoleMessage } from '../../lib/known-messages.ts';

/** The id of a form control: its field name, with the dots of row fields made id-friendly. */
export function fieldId(name: string): string {
  return `field-${name.replace(/\./g, '-')}`;
}

/**
 * This field's error message only: the component re-renders when its own error changes, not the form's.
 * The contract's rules speak English (the sandbox shares them): their messages are put in the UI language.
 */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name, exact: true });
  const error: unknown = get(errors, name);
  return consoleMessage(messageOf(error));
}

export interface FlatError {
  name: string;
  message: string;
}

/** Every error of a react-hook-form error tree with its dotted field name (rows included). */
export function flattenErrors(errors: FieldErrors<FieldValues>, prefix = ''): FlatError[] {
  return flattenTree(errors, prefix);
}

function flattenTree(tree: object, prefix: string): FlatError[] {
  const flat: FlatError[] = [];
  for (const [key, value] of Object.entries(tree)) {
    if (!value || key === 'ref' || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = messageOf(value);
    if (message !== undefined) flat.push({ name, message: consoleMessage(message) });
    else flat.push(...flattenTree(value, name));
  }
  return flat;
}

/** A react-hook-form error's message; row fields and arrays hold further errors instead. */
function messageOf(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
    ? error.message
    : undefined;
}
