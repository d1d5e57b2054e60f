import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { describedByIds, FormField } from '../form-field.tsx';
import { fieldId, useFieldError } from './field-error.ts';

/** What every field of a long form gets from its feature's message catalogue. */
export interface FieldText {
  name: string;
  label: string;
  hint?: string | undefined;
}

type InputProps = FieldText &
  Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'spellCheck' | 'list'
  > & {
    /** A unit or remark shown right of the input ("ct/kWh"). */
    suffix?: ReactNode;
    /** Shown under the input, inside the field (a computed-value remark, a formatted echo). */
    below?: ReactNode;
    /** Extra ids that describe the input (the `below` remark). */
    describedBy?: string;
    onValueChange?: (value: string) => void;
  };

/** A text, date or number input bound to the form by its API field name. */
export function TextInput({
  name,
  label,
  hint,
  suffix,
  below,
  describedBy,
  onValueChange,
  type = 'text',
  ...rest
}: InputProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  const registration = register(
    name,
    onValueChange ? { onChange: (event) => onValueChange(event.target.value) } : {},
  );
  return (
    <FormField id={id} label={label} hint={hint} error={error} describedBy={describedBy}>
      {(aria) => {
        const input = <input {...rest} {...aria} {...registration} type={type} />;
        return (
          <>
            {suffix ? (
              <span className="input-with-suffix">
                {input}
                <span className="input-suffix">{suffix}</span>
              </span>
            ) : (
              input
            )}
            {below}
          </>
        );
      }}
    </FormField>
  );
}

/** A yes/no field: a checkbox with its label beside it (values true/false). */
export function CheckboxInput({ name, label, hint }: FieldText) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  const describedBy = describedByIds(id, { hint, error });
  return (
    <div className="field field--checkbox">
      <span className="checkbox-line">
        <input
          type="checkbox"
          id={id}
          {...register(name)}
          aria-invalid={Boolean(error)}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
}

type SelectProps<Value extends string> = {
  label: string;
  hint?: string | undefined;
  options: readonly SelectOption<Value>[];
} & (
  | /** Bound to the surrounding react-hook-form by its API field name. */ { name: string }
  | /** Outside a form (a filter, a picker): the caller holds the value. */ {
      id: string;
      value: Value;
      onChange: (value: Value) => void;
    }
);

/**
 * An enumeration as a select carrying the API's values: bound to the form by its field name, or
 * controlled by the caller (the audit filters, the validators' pickers).
 */
export function SelectInput<Value extends string>(props: SelectProps<Value>) {
  return 'name' in props ? <FormSelect {...props} /> : <ControlledSelect {...props} />;
}

function FormSelect({ name, label, hint, options }: FieldText & { options: readonly SelectOption[] }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FormField id={fieldId(name)} label={label} hint={hint} error={error}>
      {(aria) => (
        <select {...aria} {...register(name)}>
          <SelectOptions options={options} />
        </select>
      )}
    </FormField>
  );
}

function ControlledSelect<Value extends string>({
  id,
  label,
  hint,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  value: Value;
  options: readonly SelectOption<Value>[];
  onChange: (value: Value) => void;
}) {
  return (
    <FormField id={id} label={label} hint={hint}>
      {(aria) => (
        <select
          {...aria}
          value={value}
          onChange={(event) => {
            // The chosen option's own value: typed, where the element only knows strings.
            const chosen = options.find((option) => option.value === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
        >
          <SelectOptions options={options} />
        </select>
      )}
    </FormField>
  );
}

function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** Multi-line text (explanations, JSON). */
export function TextArea({
  name,
  label,
  hint,
  below,
  describedBy,
  rows = 4,
}: FieldText & { below?: ReactNode; describedBy?: string; rows?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} describedBy={describedBy}>
      {(aria) => (
        <>
          <textarea {...aria} {...register(name)} rows={rows} spellCheck={false} />
          {below}
        </>
      )}
    </FormField>
  );
}

/** A choice of a few values as a radio group (booleans as "true"/"false"). */
export function RadioGroup({ name, label, hint, options }: FieldText & { options: readonly SelectOption[] }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <fieldset className="radio-group" aria-describedby={describedByIds(id, { hint, error })}>
      <legend>{label}</legend>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {options.map((option, index) => (
        <label key={option.value}>
          <input type="radio" value={option.value} {...register(name)} {...(index === 0 ? { id } : {})} />
          {option.label}
        </label>
      ))}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
