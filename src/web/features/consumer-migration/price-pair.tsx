import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { formatLocaleDecimal, parseLocaleDecimal } from '../../../contract/locale-number.ts';
import { bruttoFromNetto, ENERGY_VAT_PERCENT, nettoFromBrutto } from '../../../contract/price-pair.ts';
import { fieldId } from '../../components/form/field-error.ts';
import { TextInput } from '../../components/form/inputs.tsx';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { field, unitWordsOf, type MigrationFieldKey } from './migration-text.ts';

type Side = 'brutto' | 'netto';

/**
 * A brutto/netto price pair: typing one fills the other at the VAT rate, marked as computed. Typing
 * into the computed one makes it the typed side and computes the other way round.
 */
export function PricePair({ brutto, netto }: { brutto: MigrationFieldKey; netto: MigrationFieldKey }) {
  const { setValue } = useFormContext();
  const locale = useNumberLocale();
  const [computed, setComputed] = useState<Side | null>(null);
  const names = { brutto, netto };

  const typed = (side: Side) => (text: string) => {
    const other: Side = side === 'brutto' ? 'netto' : 'brutto';
    const reading = parseLocaleDecimal(text, locale);
    if (text.trim() === '') {
      setValue(names[other], '', { shouldDirty: true });
      setComputed(null);
      return;
    }
    if (!reading.ok) return;
    const result = side === 'brutto' ? nettoFromBrutto(reading.value) : bruttoFromNetto(reading.value);
    if (result === null) return;
    setValue(names[other], formatLocaleDecimal(Number(result), locale), {
      shouldDirty: true,
      shouldValidate: false,
    });
    setComputed(other);
  };

  const remark = (side: Side) => {
    if (computed !== side) return undefined;
    const from = side === 'brutto' ? 'netto' : 'brutto';
    return (
      <p className="computed" id={`${fieldId(names[side])}-computed`}>
        <span className="tag">{t`computed`}</span>{' '}
        {t`from ${from} at ${ENERGY_VAT_PERCENT} % VAT — type to override`}
      </p>
    );
  };

  return (
    <div className="field-row">
      {(['brutto', 'netto'] as const).map((side) => (
        <TextInput
          key={side}
          {...field(names[side])}
          inputMode="decimal"
          autoComplete="off"
          suffix={unitWordsOf(names[side])}
          onValueChange={typed(side)}
          below={remark(side)}
          {...(computed === side ? { describedBy: `${fieldId(names[side])}-computed` } : {})}
        />
      ))}
    </div>
  );
}
