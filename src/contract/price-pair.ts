/**
 * Brutto/netto price pairs of a tariff (base fee, working prices). Typing one fills the other at the
 * VAT rate; prices carry at most four decimals (ct/kWh are quoted to 1/10000), computed in integers of
 * 1/10000 so 11.9 brutto is exactly 10 netto at 19 %.
 */
export const PRICE_DECIMALS = 4;
const SCALE = 10 ** PRICE_DECIMALS;

/** Energy for households is taxed at the normal rate (§ 12 (1) UStG): 19 %. */
export const ENERGY_VAT_PERCENT = 19;

function toScaled(value: number): number {
  return Math.round(value * SCALE);
}

function roundHalfUp(value: number): number {
  // Epsilon guards against x.5 being represented as x.4999999.
  return Math.floor(value + 0.5 + 1e-9);
}

export function nettoFromBrutto(brutto: number, vatPercent = ENERGY_VAT_PERCENT): number {
  return roundHalfUp((toScaled(brutto) * 100) / (100 + vatPercent)) / SCALE;
}

export function bruttoFromNetto(netto: number, vatPercent = ENERGY_VAT_PERCENT): number {
  return roundHalfUp((toScaled(netto) * (100 + vatPercent)) / 100) / SCALE;
}

/** The request fields of the four price pairs, brutto first. */
export const PRICE_PAIRS = [
  ['base_fee_price_brutto', 'base_fee_price_netto'],
  ['working_price_1_price_brutto', 'working_price_1_price_netto'],
  ['ht_working_price_price_brutto', 'ht_working_price_price_netto'],
  ['nt_working_price_price_brutto', 'nt_working_price_price_netto'],
] as const;
