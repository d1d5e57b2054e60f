/**
 * Plain calendar dates as `YYYY-MM-DD` strings. Arithmetic runs on UTC midnights so no local time zone
 * or DST change can shift a date.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateFields {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

/** The numbers of a `YYYY-MM-DD` string, or null when it has another shape (not checked as a calendar date). */
function fieldsOf(value: string): DateFields | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  return { year: Number(year), month: Number(month), day: Number(day) };
}

/** The numbers of a `YYYY-MM-DD` string; another shape is a programming error (a RangeError). */
export function dateFields(date: IsoDate): DateFields {
  const fields = fieldsOf(date);
  if (!fields) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return fields;
}

export function isIsoDate(value: string): boolean {
  const fields = fieldsOf(value);
  if (!fields) return false;
  const { year, month, day } = fields;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
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
  const { year: y, month: m, day: d } = dateFields(anchor);
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
