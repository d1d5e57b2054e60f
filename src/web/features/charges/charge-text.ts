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
  return {
    user_id: {
      label: 'User ID',
      required: 'Enter the producer’s user ID.',
      format: 'Use letters, digits, _ and - only.',
    },
    contract_id: {
      label: 'Contract ID',
      required: 'Enter the contract ID.',
      format: 'Use letters, digits, _ and - only.',
    },
    type_of_transaction: { label: 'Credit or charge', required: 'Choose credit or charge.' },
    amount_cent: {
      label: 'Amount',
      hint: `In euros, e.g. ${exampleNumber(locale, 12.5)} or ${exampleNumber(locale)}`,
      required: 'Enter the amount in euros.',
      unreadable: (typed: string) => {
        const reading = parseEuroAmount(typed, locale);
        return reading.ok ? 'Enter the amount in euros.' : reading.message;
      },
    },
    is_gross: { label: 'The amount is', required: 'Choose gross or net.' },
    vat_type: { label: 'VAT', required: 'Choose the VAT rate.' },
    due_date: {
      label: 'Due date',
      hint: 'The bill whose period contains this date includes the amount',
      required: 'Enter the due date.',
    },
    input_id: {
      label: 'Input ID',
      hint: 'Your unique reference on this contract, at most 128 characters (a suggestion is filled in)',
      required: 'Enter an input ID.',
    },
    category: { label: 'Category', hint: 'Groups amounts on the invoice, at most 40 characters, e.g. bonus' },
    display_name: {
      label: 'Display name',
      hint: 'Shown on the customer’s invoice, at most 128 characters',
      required: 'Enter the name shown on the invoice.',
    },
    no_of_executions: {
      label: 'Number of executions',
      hint: '1 to 600; more than one needs a cycle',
      unreadable: () => 'Enter a whole number from 1 to 600.',
    },
    execution_cycle: { label: 'Cycle', hint: 'How often it repeats' },
    explanation_text: { label: 'Explanation', hint: 'Context shown on the invoice' },
    bookkeeping_account: {
      label: 'Bookkeeping account',
      hint: 'Reported back in the accounting file (the contra account in a DATEV export)',
    },
  };
}
