import { t } from '@lingui/core/macro';
/** Every word of the charges and credits form: labels, hints and the messages that say how to fix a field. */
import { parseEuroAmount } from '../../../contract/euro-amount.ts';
import { exampleNumber } from '../../../contract/locale-number.ts';
import type { FieldWords } from '../../lib/field-words.ts';

/** The fields in the order the form shows them (and the error summary lists them). */
export const CHARGE_FIELD_ORDER = [
  'user_id',
  'contract_id',
  'type_of_transaction',
  'amount_cent',
  'is_gross',
  'vat_type',
  'due_date',
  'no_of_executions',
  'execution_cycle',
  'input_id',
  'category',
  'display_name',
  'explanation_text',
  'bookkeeping_account',
] as const;
export type ChargeFieldName = (typeof CHARGE_FIELD_ORDER)[number];

export function chargeFields(locale: string): Record<ChargeFieldName, FieldWords> {
  const small = exampleNumber(locale, 12.5);
  const large = exampleNumber(locale);
  return {
    user_id: {
      label: t`User ID`,
      required: t`Enter the producer’s user ID.`,
      format: t`Use letters, digits, _ and - only.`,
    },
    contract_id: {
      label: t`Contract ID`,
      required: t`Enter the contract ID.`,
      format: t`Use letters, digits, _ and - only.`,
    },
    type_of_transaction: { label: t`Credit or charge`, required: t`Choose credit or charge.` },
    amount_cent: {
      label: t`Amount`,
      hint: t`In euros, e.g. ${small} or ${large}`,
      required: t`Enter the amount in euros.`,
      unreadable: (typed: string) => {
        const reading = parseEuroAmount(typed, locale);
        return reading.ok ? t`Enter the amount in euros.` : reading.message;
      },
    },
    is_gross: { label: t`The amount is`, required: t`Choose gross or net.` },
    vat_type: { label: t`VAT`, required: t`Choose the VAT rate.` },
    due_date: {
      label: t`Due date`,
      hint: t`The bill whose period contains this date includes the amount`,
      required: t`Enter the due date.`,
    },
    input_id: {
      label: t`Input ID`,
      hint: t`Your unique reference on this contract, at most 128 characters (a suggestion is filled in)`,
      required: t`Enter an input ID.`,
    },
    category: {
      label: t`Category`,
      hint: t`Groups amounts on the invoice, at most 40 characters, e.g. bonus`,
    },
    display_name: {
      label: t`Display name`,
      hint: t`Shown on the customer’s invoice, at most 128 characters`,
      required: t`Enter the name shown on the invoice.`,
    },
    no_of_executions: {
      label: t`Number of executions`,
      hint: t`1 to 600; more than one needs a cycle`,
      unreadable: () => t`Enter a whole number from 1 to 600.`,
    },
    execution_cycle: { label: t`Cycle`, hint: t`How often it repeats` },
    explanation_text: { label: t`Explanation`, hint: t`Context shown on the invoice` },
    bookkeeping_account: {
      label: t`Bookkeeping account`,
      hint: t`Reported back in the accounting file (the contra account in a DATEV export)`,
    },
  };
}
