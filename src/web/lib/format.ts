import { currentFormattingLocale } from '../i18n/i18n.ts';

/** A count or measure in the UI language's digits and separators. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentFormattingLocale(), options).format(value);
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
