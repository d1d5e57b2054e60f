import { describe, expect, it } from 'vitest';
import { chargeFormSchema, MAX_AMOUNT_CENT, type ChargeRequest } from '../../../contract/api/charges.ts';
import { centsAsTyped, chargeFormValuesFrom, toChargeCandidate } from './charge-form-values.ts';

const REQUEST: ChargeRequest = {
  input_id: 'goodwill-1-reversal',
  type_of_transaction: 'charge',
  amount_cent: 123456,
  is_gross: false,
  vat_type: 'reduced',
  due_date: '2026-12-01',
  display_name: 'Goodwill credit',
  no_of_executions: 3,
  execution_cycle: 'month',
  category: 'goodwill',
  explanation_text: 'Reversal of goodwill-1 (booked 2026-11-20).',
  bookkeeping_account: '4711',
};

describe('the charges form filled from a request', () => {
  it.each(['en-US', 'de-DE', 'de-CH', 'fr-FR'])('sends the same request again, unchanged (%s)', (locale) => {
    const values = chargeFormValuesFrom(REQUEST, { user: 'P1000', contract: 'C1000' }, locale);
    expect(chargeFormSchema.parse(toChargeCandidate(values, locale))).toEqual({
      ...REQUEST,
      user_id: 'P1000',
      contract_id: 'C1000',
    });
  });

  it('leaves the optional fields empty and one execution without a cycle when the request has none', () => {
    const values = chargeFormValuesFrom(
      { ...REQUEST, no_of_executions: undefined, execution_cycle: undefined, category: undefined },
      { user: 'P1000', contract: 'C1000' },
      'en-US',
    );
    expect(values).toMatchObject({ no_of_executions: '1', execution_cycle: '', category: '' });
  });

  it('writes euros the locale’s way, with two decimals and without grouping', () => {
    expect(centsAsTyped(123456, 'en-US')).toBe('1234.56');
    expect(centsAsTyped(123456, 'de-DE')).toBe('1234,56');
    expect(centsAsTyped(5, 'de-DE')).toBe('0,05');
    expect(centsAsTyped(MAX_AMOUNT_CENT, 'en-US')).toBe('21474836.47');
  });
});
