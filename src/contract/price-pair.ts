import { grossFromNet, netFromGross, STANDARD_VAT_PERCENT } from './money.ts';

/**
 * Brutto/netto price pairs of a tariff (base fee, working prices). Typing one fills the other at the
 * VAT rate; prices carry at most four decimals (ct/kWh are quoted to 1/10000), so they are computed as
 * integers of 1/10000 by the money module's rule (11.9 brutto is exactly 10 netto at 19 %).
 */
export const PRICE_DECIMALS = 4;
const SCALE = 10 ** PRICE_DECIMALS;

/** Energy for households is taxed at the normal rate (§ 12 (1) UStG). */
export const ENERGY_VAT_PERCENT = STANDARD_VAT_PERCENT.normal;

/**
 * The netto price of a brutto price, both canonical decimals as `parseLocaleDecimal` reads them ("11.9").
 * Null for a price too large to compute exactly (beyond billions).
 */
export function nettoFromBrutto(brutto: string, vatPercent = ENERGY_VAT_PERCENT): string | null {
  const units = priceUnits(brutto);
  return units === null ? null : decimalOf(netFromGross(units, vatPercent));
}

/** The brutto price of a netto price; see `nettoFromBrutto`. */
export function bruttoFromNetto(netto: string, vatPercent = ENERGY_VAT_PERCENT): string | null {
  const units = priceUnits(netto);
  return units === null ? null : decimalOf(grossFromNet(units, vatPercent));
}

/**
 * A canonical decimal ("28.57145") as integer 1/10000, read from its digits; a fifth decimal and beyond
 * rounds half up on the fourth, like every other rounding of money here. Null when beyond what the money
 * module computes exactly.
 */
function priceUnits(decimal: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new RangeError(`Not a canonical decimal: "${decimal}".`);
  const [, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, PRICE_DECIMALS).padEnd(PRICE_DECIMALS, '0');
  const roundsUp = (fraction[PRICE_DECIMALS] ?? '0') >= '5';
  const units = Number(whole) * SCALE + Number(kept) + (roundsUp ? 1 : 0);
  // Rates up to 100 % must keep units × (100 + rate) exact.
  return Number.isSafeInteger(units * 200) ? units : null;
}

/** Integer 1/10000 as a canonical decimal without trailing zeros ("119000" → "11.9"). */
function decimalOf(units: number): string {
  const fraction = units % SCALE;
  const whole = (units - fraction) / SCALE;
  const decimals = String(fraction).padStart(PRICE_DECIMALS, '0').replace(/0+$/, '');
  return decimals === '' ? String(whole) : `${whole}.${decimals}`;
}

/** The request fields of the four price pairs, brutto first. */
export const PRICE_PAIRS = [
  ['base_fee_price_brutto', 'base_fee_price_netto'],
  ['working_price_1_price_brutto', 'working_price_1_price_netto'],
  ['ht_working_price_price_brutto', 'ht_working_price_price_netto'],
  ['nt_working_price_price_brutto', 'nt_working_price_price_netto'],
] as const;
