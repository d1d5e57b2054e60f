import { memo } from 'react';
import { CheckboxInput, TextInput } from '../../components/form/inputs.tsx';
import { field, unitWordsOf } from './migration-text.ts';

export const OtherSection = memo(function OtherSection() {
  return (
    <>
      <div className="field-row">
        <TextInput {...field('saas_customer_id')} autoComplete="off" />
        <TextInput {...field('saas_contract_id')} autoComplete="off" />
      </div>
      <div className="field-row">
        <TextInput {...field('saas_customer_lead_id')} autoComplete="off" />
        <TextInput {...field('third_party_salespartner')} autoComplete="off" />
      </div>
      <TextInput {...field('source')} autoComplete="off" />
      <CheckboxInput {...field('perform_credit_check')} />
      <TextInput
        {...field('free_amount')}
        inputMode="decimal"
        autoComplete="off"
        suffix={unitWordsOf('free_amount')}
      />
    </>
  );
});
