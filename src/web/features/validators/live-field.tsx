import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldStatus } from '../../components/field-status.tsx';
import type { LiveCheckState } from '../../lib/live-check.ts';

interface LiveFieldProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  state: LiveCheckState;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Shown under the live status (the grouped IBAN, the earliest possible date). */
  children?: ReactNode;
}

/** A text field checked live: its hint and its live status both describe the input. */
export function LiveField({ id, label, hint, value, onChange, state, inputProps, children }: LiveFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        {...inputProps}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint ${id}-status`}
        aria-invalid={state.status === 'invalid'}
      />
      <FieldStatus id={`${id}-status`} state={state} />
      {children}
    </div>
  );
}
