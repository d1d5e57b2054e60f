import { describe, expect, it } from 'vitest';
import { bookingTotalsByYear } from '../../../contract/records.ts';
import { totalsPerYear } from './booking-totals.ts';
import { bookingRecord, creditRequest } from './testing/records.ts';

describe("a contract's totals", () => {
  it('are one table per year of the due date, newest year first, each by type and VAT rate', () => {
    const bookings = [
      bookingRecord(
        '1',
        creditRequest('a', { due_date: '2026-12-01', no_of_executions: 2, execution_cycle: 'month' }),
      ),
      bookingRecord('2', creditRequest('b', { type_of_transaction: 'charge', amount_cent: 1190 })),
      bookingRecord('3', creditRequest('refused', { amount_cent: 99_999 }), { outcome: 'refused' }),
    ];
    const years = totalsPerYear(bookingTotalsByYear(bookings));
    expect(years).toEqual([
      {
        year: 2027,
        totals: [
          { type: 'credit', ratePercent: 19, executions: 1, netCent: 1050, vatCent: 200, grossCent: 1250 },
        ],
        balance: { netCent: -1050, vatCent: -200, grossCent: -1250 },
      },
      {
        year: 2026,
        totals: [
          { type: 'charge', ratePercent: 19, executions: 1, netCent: 1000, vatCent: 190, grossCent: 1190 },
          { type: 'credit', ratePercent: 19, executions: 1, netCent: 1050, vatCent: 200, grossCent: 1250 },
        ],
        // The year's charge minus its credit: 10 cents more to the customer than charged.
        balance: { netCent: -50, vatCent: -10, grossCent: -60 },
      },
    ]);
  });

  it('keeps a year together whatever order the totals come in', () => {
    const total = {
      type: 'credit' as const,
      ratePercent: 19,
      executions: 1,
      netCent: 1,
      vatCent: 0,
      grossCent: 1,
    };
    const years = totalsPerYear([
      { ...total, year: 2025 },
      { ...total, year: 2026 },
      { ...total, year: 2025, ratePercent: 7 },
    ]);
    expect(years.map(({ year, totals }) => [year, totals.length])).toEqual([
      [2026, 1],
      [2025, 2],
    ]);
  });

  it('are empty when nothing was booked', () => {
    expect(totalsPerYear([])).toEqual([]);
  });
});
