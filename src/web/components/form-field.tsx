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
  /** Further ids that describe the control (a live status, a computed-value remark). */
  describedBy?: string | undefined;
  /** Renders the control with the id and aria attributes that tie it to its hint and error. */
  children: (aria: FieldAria) => ReactNode;
}

/** The ids of a control's hint, error and any further description, as `aria-describedby` wants them. */
export function describedByIds(
  id: string,
  {
    hint,
    error,
    extra,
  }: { hint?: string | undefined; error?: string | undefined; extra?: string | undefined },
): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, extra].filter(Boolean).join(' ') || undefined
  );
}

/** Label above, hint under the label, error under the control (GOV.UK pattern). */
export function FormField({ id, label, hint, error, describedBy: extra, children }: FormFieldProps) {
  const describedBy = describedByIds(id, { hint, error, extra });
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
