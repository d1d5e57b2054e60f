import { describe, expect, it } from 'vitest';
import { chargeFormSchema } from '../../../contract/api/charges.ts';
import { toFieldErrors } from '../../../contract/field-errors.ts';
import { formErrorMap } from '../../lib/form-error-map.ts';
import {
  emptyChargeForm,
  suggestInputId,
  toChargeCandidate,
  type ChargeFormValues,
} from './charge-form-values.ts';
import { previewSchedule } from './charge-preview.tsx';
import { chargeFields, type ChargeFieldName } from './charge-text.ts';

const credit: ChargeFormValues = {
  ...emptyChargeForm({ user: 'P1000', contract: 'C1000' }),
  amount_cent: '12.50',
  due_date: '2025-01-31',
  input_id: 'bonus-1',
  display_name: 'Welcome bonus',
};

function formErrors(values: ChargeFormValues, locale = 'en-US') {
  const words = chargeFields(locale);
  const isField = (name: string): name is ChargeFieldName => name in words;
  const result = chargeFormSchema.safeParse(toChargeCandidate(values, locale), {
    error: formErrorMap((name) => (isField(name) ? words[name] : undefined), locale),
  });
  return result.success ? {} : toFieldErrors(result.error, values, 'schema');
}

describe('the charges form', () => {
  it('sends euros as exact cents and booleans from the radios', () => {
    const candidate = toChargeCandidate({ ...credit, amount_cent: '0.29', is_gross: 'false' }, 'en-US');
    expect(candidate).toMatchObject({ amount_cent: 29, is_gross: false, no_of_executions: 1 });
    expect(candidate).not.toHaveProperty('category');
    expect(toChargeCandidate({ ...credit, amount_cent: '1.234,56' }, 'de-DE').amount_cent).toBe(123456);
  });

  it('says how to fix the amount, the cycle and missing fields', () => {
    expect(formErrors({ ...credit, amount_cent: '12,50' })).toEqual({
      amount_cent: ['"12,50" is ambiguous here: use "." for the decimals, e.g. 1,234.50.'],
    });
    expect(formErrors({ ...credit, amount_cent: '0.123' })).toEqual({
      amount_cent: ['Use at most two decimals (cents), e.g. 1,234.50.'],
    });
    expect(formErrors({ ...credit, no_of_executions: '3' })).toEqual({
      execution_cycle: ['This field is required when no_of_executions is greater than 1.'],
    });
    expect(formErrors({ ...credit, no_of_executions: '601', execution_cycle: 'month' })).toEqual({
      no_of_executions: ['Enter at most 600.'],
    });
    expect(formErrors({ ...credit, amount_cent: '', display_name: '', user_id: '' })).toEqual({
      user_id: ['Enter the producer’s user ID.'],
      amount_cent: ['Enter the amount in euros.'],
      display_name: ['Enter the name shown on the invoice.'],
    });
    expect(formErrors(credit)).toEqual({});
  });

  it('previews each execution with month-end clamping and the rate of its due date', () => {
    const preview = previewSchedule({ ...credit, no_of_executions: '3', execution_cycle: 'month' }, 'en-US');
    expect('rows' in preview && preview.rows.map((row) => [row.n, row.due_date, row.internal_id])).toEqual([
      [1, '2025-01-31', 'bonus-1__1'],
      [2, '2025-02-28', 'bonus-1__2'],
      [3, '2025-03-31', 'bonus-1__3'],
    ]);
    const covid = previewSchedule(
      {
        ...credit,
        amount_cent: '116.00',
        due_date: '2020-06-30',
        no_of_executions: '2',
        execution_cycle: 'month',
      },
      'en-US',
    );
    expect('rows' in covid && covid.rows.map((row) => [row.ratePercent, row.netCent, row.vatCent])).toEqual([
      [19, 9748, 1852],
      [16, 10000, 1600],
    ]);
    expect(previewSchedule({ ...credit, no_of_executions: '2' }, 'en-US')).toEqual({
      missing: 'Choose a cycle: the amount is executed 2 times.',
    });
    expect(previewSchedule({ ...credit, amount_cent: '' }, 'en-US')).toEqual({
      missing: 'Enter the amount to see the schedule.',
    });
  });

  it('suggests readable, unique input IDs within 128 characters', () => {
    const day = new Date('2025-06-16T10:00:00Z');
    expect(suggestInputId('Welcome Bonus 2025', day)).toMatch(/^welcome-bonus-2025-20250616-[a-z0-9]{4}$/);
    expect(suggestInputId('', day)).toMatch(/^charge-20250616-[a-z0-9]{4}$/);
    expect(suggestInputId('x'.repeat(300), day).length).toBeLessThanOrEqual(128);
    expect(suggestInputId('a', day)).not.toBe(suggestInputId('a', day));
  });
});
