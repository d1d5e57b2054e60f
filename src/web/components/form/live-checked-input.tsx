import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { consoleMessage } from '../../lib/known-messages.ts';
import { useLiveCheck, type LiveCheckOptions, type LiveCheckState } from '../../lib/live-check.ts';
import { FieldStatus } from '../field-status.tsx';
import { FormField } from '../form-field.tsx';
import { fieldId, useFieldError } from './field-error.ts';
import type { FieldText } from './inputs.tsx';

interface LiveCheckedInputProps extends FieldText {
  check: LiveCheckOptions;
  /** What identifies the check when it depends on more than this field (the delivery start). */
  checkValue?: (value: string) => string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Rendered under the live status with its state and the field's value. */
  children?: (state: LiveCheckState, value: string) => ReactNode;
}

/**
 * A form field checked live against the platform while typing (as on the validators page). The live
 * status stays beside the field; a submit error shows under it unless the status already says the same.
 */
export function LiveCheckedInput({
  name,
  label,
  hint,
  check,
  checkValue,
  inputProps,
  children,
}: LiveCheckedInputProps) {
  const { register } = useFormContext();
  const watched: unknown = useWatch({ name });
  const value = typeof watched === 'string' ? watched : '';
  const state = useLiveCheck(checkValue ? checkValue(value) : value, check);
  const error = useFieldError(name);
  const id = fieldId(name);
  // The error is in the UI language, the live status says the platform's words (with their meaning):
  // compare in the UI language, or a German form prints the same problem twice.
  const shownError =
    state.status === 'invalid' && consoleMessage(state.message) === error ? undefined : error;
  return (
    <FormField id={id} label={label} hint={hint} error={shownError} describedBy={`${id}-status`}>
      {(aria) => (
        <>
          <input
            {...inputProps}
            {...aria}
            {...register(name)}
            aria-invalid={aria['aria-invalid'] || state.status === 'invalid'}
          />
          <FieldStatus id={`${id}-status`} state={state} />
          {children?.(state, value)}
        </>
      )}
    </FormField>
  );
}
