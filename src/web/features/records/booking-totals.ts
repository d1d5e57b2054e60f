import type { ChargeTotal } from '../../../contract/charge-schedule.ts';

export interface YearTotals {
  year: number;
  totals: ChargeTotal[];
}

/**
 * The contract's booked amounts (the BFF's `totals`: every accepted booking, per year of the due date,
 * type and VAT rate) grouped for one table per year, the newest year first.
 */
export function totalsPerYear(totals: readonly (ChargeTotal & { year: number })[]): YearTotals[] {
  const years = new Map<number, ChargeTotal[]>();
  for (const { year, ...total } of totals) years.set(year, [...(years.get(year) ?? []), total]);
  return [...years.entries()].sort(([a], [b]) => b - a).map(([year, byYear]) => ({ year, totals: byYear }));
}
