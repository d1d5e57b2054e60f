import { memo } from 'react';
import { CheckboxInput, TextInput } from '../../components/form/inputs.tsx';
import { LiveCheckedInput } from '../../components/form/live-checked-input.tsx';
import { MARKET_LOCATION_CHECK } from '../../lib/live-checks.ts';
import { field, unitWordsOf } from './migration-text.ts';
import { useMigrationValue } from './use-migration-value.ts';

export const SupplySection = memo(function SupplySection() {
  const ordersSmartMeter = useMigrationValue('order_smart_meter');
  return (
    <>
      <LiveCheckedInput
        {...field('meteringpoint_id')}
        check={MARKET_LOCATION_CHECK}
        inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
      />
      <TextInput {...field('meter_id')} autoComplete="off" spellCheck={false} />
      <div className="field-row">
        <TextInput
          {...field('annual_consumption')}
          inputMode="decimal"
          autoComplete="off"
          suffix={unitWordsOf('annual_consumption')}
        />
        <TextInput
          {...field('consumption_before_battery_installation')}
          inputMode="decimal"
          autoComplete="off"
          suffix={unitWordsOf('consumption_before_battery_installation')}
        />
      </div>
      <CheckboxInput {...field('has_intelligent_meter')} />
      <CheckboxInput {...field('order_smart_meter')} />
      {ordersSmartMeter && (
        <div className="conditional field-row">
          <TextInput {...field('order_smart_meter_provider_id')} autoComplete="off" />
          <TextInput {...field('order_date')} type="date" />
        </div>
      )}
      <TextInput {...field('tariff_type')} autoComplete="off" />
      <CheckboxInput {...field('is_htnt')} />
    </>
  );
});
