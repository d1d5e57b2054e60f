import { currentFormattingLocale } from '../i18n/i18n.ts';
import { formatCents } from '../../contract/euro-amount.ts';

// The shell's navigation counts with it: its own module, so the rest of the formatting (money rules) is the pages'.
export { formatNumber } from './format-number.ts';

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether a value is a calendar day as the API writes it (`2026-11-28`): what formatDate shows. */
export const isIsoDay = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value);

/**
 * A calendar day (`2026-11-28`: a due date, a birthday) as people read it in the UI language: `28.11.2026`,
 * `28 Nov 2026`. Inputs and URLs keep the ISO day; anything that is no ISO day is shown as it came.
 */
export function formatDate(isoDate: string): string {
  if (!ISO_DATE.test(isoDate)) return isoDate;
  const locale = currentFormattingLocale();
  let format = dateFormats.get(locale);
  if (!format) {
    // German staff expect 28.11.2026 (dd.mm.yyyy); other languages their locale's medium date.
    const options: Intl.DateTimeFormatOptions = locale.startsWith('de')
      ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeZone: 'UTC' };
    dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, options)));
  }
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : format.format(date);
}

/** Cents as euros in the UI language's way: `1.500,00 €`, `€1,500.00`. */
export function formatMoney(cents: number): string {
  return formatCents(cents, currentFormattingLocale());
}
