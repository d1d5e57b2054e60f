import { FormField } from './form-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled, controlled select: the pickers of the validators and the audit filters. */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label}>
      {(aria) => (
        <select {...aria} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
