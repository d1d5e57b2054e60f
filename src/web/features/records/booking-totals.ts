import type { ChargeTotal } from '../../../contract/charge-schedule.ts';
import { bookingTotalsByYear, type ConsoleRecord } from '../../../contract/records.ts';

export interface YearTotals {
  year: number;
  totals: ChargeTotal[];
}

/**
 * The contract's booked amounts per year of the due date (newest year first), each year by type and VAT
 * rate: `bookingTotalsByYear`, over the bookings the platform accepted, grouped for one table per year.
 */
export function totalsPerYear(bookings: readonly ConsoleRecord[]): YearTotals[] {
  const years: YearTotals[] = [];
  for (const { year, ...total } of bookingTotalsByYear(bookings)) {
    const last = years.at(-1);
    if (last?.year === year) last.totals.push(total);
    else years.push({ year, totals: [total] });
  }
  return years;
}
