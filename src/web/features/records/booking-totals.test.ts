import { describe, expect, it } from 'vitest';
import { totalsPerYear } from './booking-totals.ts';
import { bookingRecord, creditRequest } from './testing/records.ts';

describe("a contract's totals", () => {
  it('sum every execution of the booked bookings per year of the due date, newest year first', () => {
    const bookings = [
      bookingRecord('1', creditRequest('a', { due_date: '2026-12-01', no_of_executions: 2, execution_cycle: 'month' })),
      bookingRecord('2', creditRequest('b', { type_of_transaction: 'charge', amount_cent: 1190 })),
      bookingRecord('3', creditRequest('refused', { amount_cent: 99_999 }), { outcome: 'refused' }),
    ];
    const years = totalsPerYear(bookings);
    expect(years.map((entry) => entry.year)).toEqual([2027, 2026]);
    expect(years[0]!.totals).toEqual([
      { type: 'credit', ratePercent: 19, executions: 1, netCent: 1050, vatCent: 200, grossCent: 1250 },
    ]);
    expect(years[1]!.totals).toEqual([
      { type: 'charge', ratePercent: 19, executions: 1, netCent: 1000, vatCent: 190, grossCent: 1190 },
      { type: 'credit', ratePercent: 19, executions: 1, netCent: 1050, vatCent: 200, grossCent: 1250 },
    ]);
  });

  it('are empty when nothing was booked', () => {
    expect(totalsPerYear([bookingRecord('1', creditRequest('a'), { outcome: 'unknown' })])).toEqual([]);
  });
});
