import { memo } from 'react';
import { TextInput } from '../../components/form/inputs.tsx';
import { field, unitWordsOf } from './migration-text.ts';

export const ContractTermsSection = memo(function ContractTermsSection() {
  return (
    <div className="field-row">
      {(['contract_notice_period', 'minimum_contract_term', 'automatic_prolongation_time'] as const).map(
        (name) => (
          <TextInput
            key={name}
            {...field(name)}
            inputMode="decimal"
            autoComplete="off"
            suffix={unitWordsOf(name)}
          />
        ),
      )}
    </div>
  );
});
