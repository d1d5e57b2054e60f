import { describe, expect, it } from 'vitest';
import { chargeSchedule } from './charge-schedule.ts';
import { plausibilityReasons } from './charge-plausibility.ts';

const limits = { confirmFromCent: 100_000, today: '2026-11-23' };
const schedule = (amount_cent: number, due_date: string, no_of_executions = 1) =>
  chargeSchedule({
    input_id: 'x',
    amount_cent,
    is_gross: true,
    vat_type: 'normal',
    due_date,
    no_of_executions,
    ...(no_of_executions > 1 ? { execution_cycle: 'month' as const } : {}),
  });

describe('plausibility before money moves', () => {
  it('asks nothing of an ordinary credit', () => {
    expect(plausibilityReasons(schedule(2550, '2026-12-31'), limits)).toEqual([]);
  });

  it('asks for a million euros, naming the total over all executions', () => {
    expect(plausibilityReasons(schedule(100_000_000, '2026-12-31'), limits)).toEqual([
      { kind: 'large', totalGrossCent: 100_000_000, executions: 1, confirmFromCent: 100_000 },
    ]);
    // 12 × 100.00 € is 1,200.00 € in all: at the threshold it asks.
    expect(plausibilityReasons(schedule(10_000, '2026-12-31', 12), limits)).toEqual([
      { kind: 'large', totalGrossCent: 120_000, executions: 12, confirmFromCent: 100_000 },
    ]);
    expect(plausibilityReasons(schedule(99_999, '2026-12-31'), limits)).toEqual([]);
    expect(plausibilityReasons(schedule(100_000, '2026-12-31'), limits)).toHaveLength(1);
  });

  it('asks when the first due date is more than a year ahead or behind', () => {
    expect(plausibilityReasons(schedule(100, '2027-11-24'), limits)).toEqual([
      { kind: 'far', dueDate: '2027-11-24', direction: 'ahead' },
    ]);
    expect(plausibilityReasons(schedule(100, '2025-11-22'), limits)).toEqual([
      { kind: 'far', dueDate: '2025-11-22', direction: 'behind' },
    ]);
    expect(plausibilityReasons(schedule(100, '2027-11-23'), limits)).toEqual([]);
    expect(plausibilityReasons(schedule(100, '2025-11-23'), limits)).toEqual([]);
  });
});
