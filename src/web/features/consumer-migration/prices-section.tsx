import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { ENERGY_VAT_PERCENT } from '../../../contract/price-pair.ts';
import { exampleNumber } from '../../../contract/locale-number.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { PricePair } from './price-pair.tsx';
import { useMigrationValue } from './use-migration-value.ts';

export const PricesSection = memo(function PricesSection() {
  const isHtnt = useMigrationValue('is_htnt');
  const locale = useNumberLocale();
  const example = exampleNumber(locale, 32.5);
  return (
    <>
      <p className="hint section-hint">
        {t`Type brutto or netto, e.g. ${example}: the other is computed at ${ENERGY_VAT_PERCENT} % VAT.`}
      </p>
      <PricePair brutto="base_fee_price_brutto" netto="base_fee_price_netto" />
      <PricePair brutto="working_price_1_price_brutto" netto="working_price_1_price_netto" />
      {isHtnt && (
        <div className="conditional">
          <PricePair brutto="ht_working_price_price_brutto" netto="ht_working_price_price_netto" />
          <PricePair brutto="nt_working_price_price_brutto" netto="nt_working_price_price_netto" />
        </div>
      )}
    </>
  );
});
