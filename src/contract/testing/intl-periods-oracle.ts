/**
 * Test oracle: the calendar-period code as it was before the offset cache (issue 16), asking `Intl` at
 * every step. Slow, and it never returns for `hour` where an offset is not a whole number of quarter
 * hours (local mean time eras): compare with it only where every offset is. The offset-cached
 * implementation in `../time-zone-periods.ts` must give byte-identical results wherever it applies.
 */
import type { PeriodType } from '../time-zone-periods.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Local wall-clock time of an instant in a zone. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const flooredToSecond = Math.floor(instant / 1000) * 1000;
  return Math.round((wallAsUtc(wallTimeAt(flooredToSecond, timeZone)) - flooredToSecond) / MINUTE);
}

/**
 * The instant a local wall time begins. Ambiguous times (autumn fold) give the earlier instant;
 * times skipped by a spring gap give the instant the gap ends (the period then starts late).
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): number {
  const wallMs = wallAsUtc(wall);
  const offsetBefore = offsetMinutesAt(wallMs - DAY, timeZone);
  const offsetAfter = offsetMinutesAt(wallMs + DAY, timeZone);
  const candidates = [wallMs - offsetBefore * MINUTE, wallMs - offsetAfter * MINUTE].filter(
    (instant) => wallAsUtc(wallTimeAt(instant, timeZone)) === wallMs,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  return wallMs - offsetBefore * MINUTE;
}

/** UTC instant at which a local calendar date starts (the SPA's date pickers use this). */
export function startOfLocalDate(isoDate: string, timeZone: string): number {
  const [year = NaN, month = NaN, day = NaN] = isoDate.split('-').map(Number);
  return wallTimeToInstant({ year, month, day, hour: 0, minute: 0, second: 0 }, timeZone);
}

function midnight(year: number, month: number, day: number): WallTime {
  // Date.UTC normalises overflowing days and months (day 32 -> next month).
  const normalised = new Date(Date.UTC(year, month - 1, day));
  return {
    year: normalised.getUTCFullYear(),
    month: normalised.getUTCMonth() + 1,
    day: normalised.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  };
}

function isoWeekdayIndex(wall: WallTime): number {
  // 0 = Monday ... 6 = Sunday
  return (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
}

function isLocalFullHour(instant: number, timeZone: string): boolean {
  const wall = wallTimeAt(instant, timeZone);
  return wall.minute === 0 && wall.second === 0;
}

// Every zone offset in the tz database is a whole number of 15 minutes, so local full hours fall on
// UTC quarter hours.
const QUARTER = 15 * MINUTE;

/** The start of the period that contains the instant. */
export function periodStartAt(instant: number, type: PeriodType, timeZone: string): number {
  if (type === 'hour') {
    let candidate = Math.floor(instant / QUARTER) * QUARTER;
    while (!isLocalFullHour(candidate, timeZone)) candidate -= QUARTER;
    return candidate;
  }
  const wall = wallTimeAt(instant, timeZone);
  let start: WallTime;
  if (type === 'year') start = midnight(wall.year, 1, 1);
  else if (type === 'month') start = midnight(wall.year, wall.month, 1);
  else if (type === 'week') start = midnight(wall.year, wall.month, wall.day - isoWeekdayIndex(wall));
  else start = midnight(wall.year, wall.month, wall.day);
  const startInstant = wallTimeToInstant(start, timeZone);
  return startInstant;
}

/** The start of the period following the one that starts at `periodStart`. */
export function nextPeriodStart(periodStart: number, type: PeriodType, timeZone: string): number {
  if (type === 'hour') {
    let candidate = periodStart + HOUR;
    if (isLocalFullHour(candidate, timeZone)) return candidate;
    candidate = periodStart + QUARTER;
    while (!isLocalFullHour(candidate, timeZone)) candidate += QUARTER;
    return candidate;
  }
  const wall = wallTimeAt(periodStart, timeZone);
  let next: WallTime;
  if (type === 'year') next = midnight(wall.year + 1, 1, 1);
  else if (type === 'month') next = midnight(wall.year, wall.month + 1, 1);
  else if (type === 'week') next = midnight(wall.year, wall.month, wall.day + 7);
  else next = midnight(wall.year, wall.month, wall.day + 1);
  return wallTimeToInstant(next, timeZone);
}

/**
 * Every calendar period of the zone that overlaps [from, to), in order, with its full calendar bounds
 * (the first may start before `from`, the last may end after `to`).
 */
export function periodsOverlapping(
  from: number,
  to: number,
  type: PeriodType,
  timeZone: string,
): { start: number; end: number }[] {
  const periods: { start: number; end: number }[] = [];
  if (to <= from) return periods;
  let start = periodStartAt(from, type, timeZone);
  while (start < to) {
    const end = nextPeriodStart(start, type, timeZone);
    periods.push({ start, end });
    start = end;
  }
  return periods;
}
