import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { readRecentContracts } from '../../lib/recent-contracts.ts';
import { TextInput } from './inputs.tsx';

/**
 * A producer contract as user ID + contract ID (the path parameters), with the last contracts used
 * offered as one-click choices. `?user=P1000&contract=C1000` in the URL fills it (the page's defaults).
 */
export function ContractPicker() {
  const { t } = useLingui();
  const { setValue } = useFormContext();
  const [recent] = useState(readRecentContracts);
  return (
    <>
      <div className="field-row">
        <TextInput
          name="user_id"
          label={t`User ID`}
          hint={t`The producer, e.g. P1000`}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          name="contract_id"
          label={t`Contract ID`}
          hint={t`The producer’s contract, e.g. C1000`}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
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
