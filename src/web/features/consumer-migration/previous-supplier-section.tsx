import { memo } from 'react';
import { CheckboxInput, TextInput } from '../../components/form/inputs.tsx';
import { field } from './migration-text.ts';
import { useMigrationValue } from './use-migration-value.ts';

export const PreviousSupplierSection = memo(function PreviousSupplierSection() {
  const terminated = useMigrationValue('former_supplier_contract_terminated');
  return (
    <>
      <TextInput {...field('previous_provider')} autoComplete="off" />
      <div className="field-row">
        <TextInput {...field('former_supplier_first_name')} autoComplete="off" />
        <TextInput {...field('former_supplier_last_name')} autoComplete="off" />
      </div>
      <CheckboxInput {...field('former_supplier_contract_terminated')} />
      {terminated && (
        <div className="conditional">
          <TextInput {...field('former_supplier_contract_termination_date')} type="date" />
        </div>
      )}
    </>
  );
});
