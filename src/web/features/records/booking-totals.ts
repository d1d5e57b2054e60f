import type { ChargeTotal } from '../../../contract/charge-schedule.ts';

/** What a year comes to: its charges minus its credits (negative: money to the customer). */
export interface YearBalance {
  netCent: number;
  vatCent: number;
  grossCent: number;
}

export interface YearTotals {
  year: number;
  totals: ChargeTotal[];
  balance: YearBalance;
}

/** Charges minus credits, net, VAT and gross: the sign by the console's convention (signedCents). */
export function yearBalance(totals: readonly ChargeTotal[]): YearBalance {
  const balance = { netCent: 0, vatCent: 0, grossCent: 0 };
  for (const total of totals) {
    const sign = total.type === 'credit' ? -1 : 1;
    balance.netCent += sign * total.netCent;
    balance.vatCent += sign * total.vatCent;
    balance.grossCent += sign * total.grossCent;
  }
  return balance;
}

/**
 * The contract's booked amounts (the BFF's `totals`: every accepted booking, per year of the due date,
 * type and VAT rate) grouped for one table per year, the newest year first, each with its balance.
 */
export function totalsPerYear(totals: readonly (ChargeTotal & { year: number })[]): YearTotals[] {
  const years = new Map<number, ChargeTotal[]>();
  for (const { year, ...total } of totals) years.set(year, [...(years.get(year) ?? []), total]);
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, byYear]) => ({ year, totals: byYear, balance: yearBalance(byYear) }));
}
