import type { ReactNode } from 'react';

export interface FieldAria {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid': boolean;
}

interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  /** Renders the control with the id and aria attributes that tie it to its hint and error. */
  children: (aria: FieldAria) => ReactNode;
}

/** Label above, hint under the label, error under the control (GOV.UK pattern). */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
