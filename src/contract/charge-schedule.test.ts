import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateFields, daysInMonth } from './calendar-date.ts';
import { chargeSchedule, internalId } from './charge-schedule.ts';

const base = { input_id: 'bonus-1', amount_cent: 1000, is_gross: false, vat_type: 'normal' as const };

describe('chargeSchedule', () => {
  it('executes once by default', () => {
    const schedule = chargeSchedule({ ...base, due_date: '2026-01-15' });
    expect(schedule).toHaveLength(1);
    expect(schedule[0]).toMatchObject({
      n: 1,
      internal_id: 'bonus-1__1',
      due_date: '2026-01-15',
      netCent: 1000,
      vatCent: 190,
      grossCent: 1190,
    });
  });

  it('keeps the first due day of month, clamped to the month end', () => {
    const dates = chargeSchedule({
      ...base,
      due_date: '2026-01-31',
      no_of_executions: 4,
      execution_cycle: 'month',
    }).map((e) => e.due_date);
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    const leap = chargeSchedule({
      ...base,
      due_date: '2024-01-31',
      no_of_executions: 2,
      execution_cycle: 'month',
    }).map((e) => e.due_date);
    expect(leap).toEqual(['2024-01-31', '2024-02-29']);
  });

  it('steps yearly, clamping 29 February', () => {
    const dates = chargeSchedule({
      ...base,
      due_date: '2024-02-29',
      no_of_executions: 3,
      execution_cycle: 'year',
    }).map((e) => e.due_date);
    expect(dates).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
  });

  it('numbers internal ids from 1', () => {
    const ids = chargeSchedule({
      ...base,
      due_date: '2026-01-01',
      no_of_executions: 3,
      execution_cycle: 'month',
    }).map((e) => e.internal_id);
    expect(ids).toEqual(['bonus-1__1', 'bonus-1__2', 'bonus-1__3']);
    expect(internalId('x', 12)).toBe('x__12');
  });

  it('applies the VAT rate valid at each due date (16 % in 2020-07..12)', () => {
    const schedule = chargeSchedule({
      ...base,
      due_date: '2020-05-31',
      no_of_executions: 9,
      execution_cycle: 'month',
    });
    expect(schedule.map((e) => e.ratePercent)).toEqual([19, 19, 16, 16, 16, 16, 16, 16, 19]);
    expect(schedule.map((e) => e.due_date)).toEqual([
      '2020-05-31',
      '2020-06-30',
      '2020-07-31',
      '2020-08-31',
      '2020-09-30',
      '2020-10-31',
      '2020-11-30',
      '2020-12-31',
      '2021-01-31',
    ]);
  });

  it('keeps every monthly due date on the first one’s day, clamped to the month end — month ends included (no drift)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 2, max: 60 }),
        (year, month, day, executions) => {
          const first = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, daysInMonth(year, month))).padStart(2, '0')}`;
          const firstDay = Number(first.slice(8));
          const dates = chargeSchedule({
            input_id: 'x',
            amount_cent: 100,
            is_gross: true,
            vat_type: 'normal',
            due_date: first,
            no_of_executions: executions,
            execution_cycle: 'month',
          }).map((execution) => execution.due_date);
          dates.forEach((date, step) => {
            const { year: y, month: m, day: d } = dateFields(date);
            // The step-th month after the first, whatever the months between were (31 → 28 → back to 31).
            expect((y - year) * 12 + (m - month)).toBe(step);
            expect(d).toBe(Math.min(firstDay, daysInMonth(y, m)));
          });
        },
      ),
    );
  });
});
