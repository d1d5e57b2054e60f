import { memo } from 'react';
import { CheckboxInput, TextInput } from '../../components/form/inputs.tsx';
import { field } from './migration-text.ts';
import { useMigrationValue } from './use-migration-value.ts';

function AddressFields({ prefix }: { prefix: 'deliv_address' | 'bill_address' }) {
  return (
    <>
      <div className="field-row">
        <span className="grow-3">
          <TextInput {...field(`${prefix}_street`)} autoComplete="off" />
        </span>
        <TextInput {...field(`${prefix}_house_number`)} autoComplete="off" />
      </div>
      <TextInput {...field(`${prefix}_addition`)} autoComplete="off" />
      <div className="field-row">
        <TextInput {...field(`${prefix}_zipcode`)} inputMode="numeric" autoComplete="off" />
        <span className="grow-3">
          <TextInput {...field(`${prefix}_city`)} autoComplete="off" />
        </span>
      </div>
    </>
  );
}

export const DeliveryAddressSection = memo(function DeliveryAddressSection() {
  return <AddressFields prefix="deliv_address" />;
});

/** On by default: the billing address fields appear when bills go elsewhere. */
export const BillingAddressSection = memo(function BillingAddressSection() {
  const keep = useMigrationValue('keep_bill_address');
  return (
    <>
      <CheckboxInput {...field('keep_bill_address')} />
      {!keep && (
        <div className="conditional">
          <AddressFields prefix="bill_address" />
        </div>
      )}
    </>
  );
});
