import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { PAYMENT_METHODS } from '../../../contract/api/consumer-migration.ts';
import { CONDITIONAL_FIELDS } from '../../../contract/consumer-migration-rules.ts';
import { formatIbanGroups } from '../../../contract/iban.ts';
import { SelectInput, TextInput } from '../../components/form/inputs.tsx';
import { LiveCheckedInput } from '../../components/form/live-checked-input.tsx';
import { IBAN_CHECK } from '../../lib/live-checks.ts';
import { field, paymentMethodLabels } from './migration-text.ts';
import { useMigrationValue } from './use-migration-value.ts';

const paymentOptions = () => [
  { value: '', label: t`Choose…` },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: paymentMethodLabels()[method] ?? method })),
];

/** The payment method decides what appears: bank data for direct debit, the card for card payments. */
export const PaymentSection = memo(function PaymentSection() {
  const method = useMigrationValue('payment_method');
  const facts = { payment_method: method };
  return (
    <>
      <SelectInput {...field('payment_method')} options={paymentOptions()} />
      {CONDITIONAL_FIELDS.directDebit.applies(facts) && (
        <div className="conditional">
          <div className="field-row">
            <TextInput {...field('bank_data_first_name')} autoComplete="off" />
            <TextInput {...field('bank_data_last_name')} autoComplete="off" />
          </div>
          <LiveCheckedInput
            {...field('bank_data_iban')}
            check={IBAN_CHECK}
            inputProps={{ autoComplete: 'off', spellCheck: false }}
          >
            {(state, value) =>
              state.status === 'valid' && (
                <p className="grouped" data-testid="iban-grouped">
                  {formatIbanGroups(value)}
                </p>
              )
            }
          </LiveCheckedInput>
          <TextInput {...field('bank_data_bic')} autoComplete="off" spellCheck={false} />
          <div className="field-row">
            <TextInput {...field('sepa_reference')} autoComplete="off" />
            <TextInput {...field('sepa_date')} type="date" />
          </div>
        </div>
      )}
      {CONDITIONAL_FIELDS.creditCard.applies(facts) && (
        <div className="conditional field-row">
          <TextInput {...field('masked_credit_card')} autoComplete="off" />
          <TextInput {...field('credit_card_validity_date')} type="date" />
        </div>
      )}
    </>
  );
});
