import { exampleNumber, parseLocaleDecimal } from './locale-number.ts';

/** The API's bound on an amount (a signed 32-bit integer of cents): api/charges.ts's schema reads it too. */
export const MAX_AMOUNT_CENT = 2_147_483_647;

export type CentsReading = { ok: true; cents: number } | { ok: false; message: string };

/**
 * A euro amount typed in the browser locale's format, as integer cents, read from the digits (never
 * through binary floating point: "0.29" is 29). More than two decimals or more than the API's bound is
 * refused with a message that says what to type.
 */
export function parseEuroAmount(text: string, locale: string | undefined): CentsReading {
  const reading = parseLocaleDecimal(text, locale);
  if (!reading.ok) return reading;
  const [whole = '0', fraction = ''] = reading.value.split('.');
  if (fraction.length > 2)
    return { ok: false, message: `Use at most two decimals (cents), e.g. ${exampleNumber(locale)}.` };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENT)
    return { ok: false, message: `Enter at most ${formatCents(MAX_AMOUNT_CENT, locale)}.` };
  return { ok: true, cents };
}

// Making an Intl.NumberFormat costs far more than using one (~50 µs against ~1 µs): a schedule of 600
// executions shows 1,800 amounts, a bulk file's totals and rows more.
const euroFormats = new Map<string | undefined, Intl.NumberFormat>();

/** Cents as euros in the locale's way ("1.234,56 €", "€1,234.56"), one formatter per locale. */
export function formatCents(cents: number, locale: string | undefined): string {
  let format = euroFormats.get(locale);
  if (!format)
    euroFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })));
  return format.format(cents / 100);
}
