import type { IsoDate } from './calendar-date.ts';

/**
 * Money and VAT, the one place for both: the German rates by date and net ↔ gross in integers.
 *
 * Amounts are non-negative integers of their smallest unit: cents for charges and credits, 1/10000 for
 * tariff prices (`price-pair.ts`). Whenever a rate makes a fraction of that unit, it is rounded **half up
 * on the unit** (x.5 → x + 1; for amounts, which are never negative, the same as commercial rounding,
 * half away from zero). Computed exactly: no epsilon, no float quotient that is then rounded.
 */

export type VatType = 'normal' | 'reduced';

/** § 12 UStG: 19 % normally, 7 % reduced, in whole percent. */
export const STANDARD_VAT_PERCENT: Readonly<Record<VatType, number>> = { normal: 19, reduced: 7 };

/** Temporary rates, dates inclusive: 16 % / 5 % in 2020-07-01..2020-12-31 (Zweites Corona-Steuerhilfegesetz). */
const TEMPORARY_VAT_PERCENT: readonly ({ from: IsoDate; to: IsoDate } & Record<VatType, number>)[] = [
  { from: '2020-07-01', to: '2020-12-31', normal: 16, reduced: 5 },
];

/** The rate valid on a date (for a charge: its due date). */
export function vatRatePercent(vatType: VatType, date: IsoDate): number {
  const temporary = TEMPORARY_VAT_PERCENT.find((period) => date >= period.from && date <= period.to);
  return (temporary ?? STANDARD_VAT_PERCENT)[vatType];
}

/** The gross amount of a net amount: net × (100 + rate) / 100, rounded half up on the unit. */
export function grossFromNet(net: number, ratePercent: number): number {
  return divideRoundingHalfUp(product(net, 100 + checkedRate(ratePercent)), 100);
}

/**
 * The net amount of a gross amount: gross × 100 / (100 + rate), rounded half up on the unit. Net → gross →
 * net always gives the net back; gross → net → gross gives the gross back only for a gross that some net
 * has (at 19 %, 3 cents has none: 3 → 3 → 4) and is otherwise one unit off (`money.test.ts`).
 */
export function netFromGross(gross: number, ratePercent: number): number {
  const rate = checkedRate(ratePercent);
  return divideRoundingHalfUp(product(gross, 100), 100 + rate);
}

export interface VatSplit {
  netCent: number;
  vatCent: number;
  grossCent: number;
  ratePercent: number;
}

/**
 * Net, VAT and gross cents of an amount at the rate valid on the due date; the amount given (net or gross)
 * is kept as it is, the other one computed, and VAT is their difference.
 */
export function splitVat(amountCent: number, isGross: boolean, vatType: VatType, dueDate: IsoDate): VatSplit {
  const ratePercent = vatRatePercent(vatType, dueDate);
  const netCent = isGross ? netFromGross(amountCent, ratePercent) : amountCent;
  const grossCent = isGross ? amountCent : grossFromNet(amountCent, ratePercent);
  return { netCent, vatCent: grossCent - netCent, grossCent, ratePercent };
}

function checkedRate(ratePercent: number): number {
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100)
    throw new RangeError(`A VAT rate is a whole percent from 0 to 100, not ${ratePercent}.`);
  return ratePercent;
}

/** amount × factor, refused unless both and the product are exact integers of a double. */
function product(amount: number, factor: number): number {
  const result = amount * factor;
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(result))
    throw new RangeError(`An amount is a whole number of units from 0 to 2^53 / ${factor}, not ${amount}.`);
  return result;
}

/**
 * numerator / denominator rounded half up, in integers: for safe integers `%` is exact, and the division of
 * the exact multiple `numerator − remainder` has an integer result, which a double represents exactly.
 */
function divideRoundingHalfUp(numerator: number, denominator: number): number {
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}
