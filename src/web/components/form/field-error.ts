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
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return consoleMessage(message);
}

export interface FlatError {
  name: string;
  message: string;
}

/** Every error of a react-hook-form error tree with its dotted field name (rows included). */
export function flattenErrors(errors: FieldErrors<FieldValues>, prefix = ''): FlatError[] {
  const flat: FlatError[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') {
      flat.push({ name, message: consoleMessage((value as { message: string }).message) });
    } else if (typeof value === 'object') {
      flat.push(...flattenErrors(value as FieldErrors<FieldValues>, name));
    }
  }
  return flat;
}
