import { currentFormattingLocale } from '../i18n/i18n.ts';

// Making an Intl.NumberFormat costs far more than using one: a table of numbers reuses a few.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count or measure in the UI language's digits and separators. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = currentFormattingLocale();
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(value);
}
