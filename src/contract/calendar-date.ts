/**
 * Plain calendar dates as `YYYY-MM-DD` strings. Arithmetic runs on UTC midnights so no local time zone
 * or DST change can shift a date.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function toUtcDate(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(`${date}T00:00:00Z`);
}

export function fromUtcDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const utc = toUtcDate(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return fromUtcDate(utc);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return toUtcDate(date).getUTCDay();
}

export function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/**
 * Adds whole months keeping the anchor's day of month, clamped to the target month's end
 * (Jan 31 + 1 month = Feb 28/29, + 2 months = Mar 31).
 */
export function addMonthsClamped(anchor: IsoDate, months: number): IsoDate {
  const [y, m, d] = anchor.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month1 = (((monthIndex % 12) + 12) % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month1));
  return `${String(year).padStart(4, '0')}-${String(month1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date of an instant in a time zone (Europe/Berlin for the platform's "today"). */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
