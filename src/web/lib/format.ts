/** Dates and times unambiguous in the browser's locale, always with their zone. */
export function formatDateTime(
  iso: string,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const text = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone,
  }).format(new Date(iso));
  return `${text} ${timeZone}`;
}

export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
