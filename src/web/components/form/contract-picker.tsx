import { useLingui } from '@lingui/react/macro';
import { Fragment, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { readRecentContracts } from '../../lib/recent-contracts.ts';
import { TextInput } from './inputs.tsx';

/** One of the picker's two fields, as a caller may render it instead of a plain text input. */
export interface ContractPickerField {
  name: 'user_id' | 'contract_id';
  label: string;
  hint: string;
}

/**
 * A producer contract as user ID + contract ID (the path parameters), with the last contracts used
 * offered as one-click choices. `?user=P1000&contract=C1000` in the URL fills it (the page's defaults).
 * `renderField` puts other inputs in the fields' place (suggestions as staff type), keeping their names,
 * labels and hints; `children` stand under the fields (what is known of the contract).
 */
export function ContractPicker({
  renderField,
  children,
}: {
  renderField?: (field: ContractPickerField) => ReactNode;
  children?: ReactNode;
} = {}) {
  const { t } = useLingui();
  const { setValue } = useFormContext();
  const [recent] = useState(readRecentContracts);
  const fields: ContractPickerField[] = [
    { name: 'user_id', label: t`User ID`, hint: t`The producer, e.g. P1000` },
    { name: 'contract_id', label: t`Contract ID`, hint: t`The producer’s contract, e.g. C1000` },
  ];
  return (
    <>
      <div className="field-row">
        {fields.map((field) =>
          renderField ? (
            <Fragment key={field.name}>{renderField(field)}</Fragment>
          ) : (
            <TextInput key={field.name} {...field} autoComplete="off" spellCheck={false} />
          ),
        )}
      </div>
      {children}
      {recent.length > 0 && (
        <div className="recent" role="group" aria-labelledby="recent-contracts">
          <span id="recent-contracts" className="hint">
            {t`Recent contracts:`}
          </span>
          {recent.map((ref) => (
            <button
              key={`${ref.user}/${ref.contract}`}
              type="button"
              className="chip"
              onClick={() => {
                setValue('user_id', ref.user, { shouldDirty: true, shouldValidate: true });
                setValue('contract_id', ref.contract, { shouldDirty: true, shouldValidate: true });
              }}
            >
              {ref.user} / {ref.contract}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
