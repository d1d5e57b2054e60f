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

/** Dates and times unambiguous in the browser's locale, always with their zone. */
export function formatDateTime(
  iso: string,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const text = new Intl.DateTimeFormat(currentFormattingLocale(), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone,
  }).format(new Date(iso));
  return `${text} ${timeZone}`;
}

export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat(currentFormattingLocale(), { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
