import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  customerTypeFor,
  fieldApplies,
  startsBeforeFormerContractEnds,
  subscriptionReasonFor,
} from '../../../contract/consumer-migration-rules.ts';
import { formatLongDate } from '../../lib/format.ts';
import { CheckboxInput } from '../../components/form/inputs.tsx';
import { LiveCheckedInput } from '../../components/form/live-checked-input.tsx';
import { EarliestStartOffer } from '../../components/earliest-start-offer.tsx';
import { DELIVERY_START_CHECK, deliveryStartKey } from '../../lib/live-checks.ts';
import { factsOf, type MigrationFormValues } from './migration-form-values.ts';
import { customerTypeWords, field, subscriptionReasonWords } from './migration-text.ts';

const FACT_FIELDS = [
  'move_in_new_installation',
  'is_business',
  'previous_provider',
  'former_supplier_last_name',
  'former_supplier_contract_terminated',
  'product_specifics',
] as const;

/**
 * The delivery start, checked live with the customer type and change reason the record will get: E02
 * when staff say this is a move-in / new installation, else derived from the previous supplier above
 * (E01 or E03) — the contract's rules, the same code the platform stand-in uses.
 */
export const SupplyStartSection = memo(function SupplyStartSection() {
  const { setValue } = useFormContext<MigrationFormValues>();
  const watched = useWatch<MigrationFormValues>({ name: FACT_FIELDS });
  const facts = factsOf(Object.fromEntries(FACT_FIELDS.map((name, index) => [name, watched[index]])));
  const customerType = customerTypeFor(facts);
  const changeReason = subscriptionReasonFor(facts);
  // E02 typed into the JSON counts as staff's statement too (the platform stand-in reads it there); said
  // here, so an unticked checkbox beside "E02" is explained.
  const statedInProductSpecifics = changeReason === 'E02' && facts.move_in_new_installation !== true;
  const [start, termination] = useWatch<MigrationFormValues>({
    name: ['preferred_delivery_start', 'former_supplier_contract_termination_date'],
  });
  const overlap =
    fieldApplies('former_supplier_contract_termination_date', facts) &&
    typeof start === 'string' &&
    typeof termination === 'string' &&
    startsBeforeFormerContractEnds(start, termination);
  return (
    <>
      <CheckboxInput {...field('move_in_new_installation')} />
      <dl className="derived" aria-live="polite">
        <div>
          <dt>{t`Customer type`}</dt>
          <dd data-testid="derived-customer-type">
            {customerTypeWords()[customerType]} <span className="hint">{t`(from “Business customer”)`}</span>
          </dd>
        </div>
        <div>
          <dt>{t`Change reason`}</dt>
          <dd data-testid="derived-change-reason">
            {subscriptionReasonWords()[changeReason]}
            {statedInProductSpecifics && <span className="hint"> {t`(from “Product specifics”)`}</span>}
          </dd>
        </div>
      </dl>
      <LiveCheckedInput
        {...field('preferred_delivery_start')}
        check={DELIVERY_START_CHECK}
        checkValue={(date) => deliveryStartKey({ date, customerType, changeReason })}
        inputProps={{ type: 'date' }}
      >
        {(state) => (
          <EarliestStartOffer
            state={state}
            onUse={(date) =>
              setValue('preferred_delivery_start', date, { shouldDirty: true, shouldValidate: true })
            }
          />
        )}
      </LiveCheckedInput>
      {overlap && (
        <p className="notice" role="status" data-testid="start-before-termination">
          {t`The supply would start on ${formatLongDate(start)}, before the former contract ends on ${formatLongDate(termination)}: for those days the customer would have two suppliers. Check both dates.`}
        </p>
      )}
    </>
  );
});
