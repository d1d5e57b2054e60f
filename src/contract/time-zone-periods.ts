/**
 * Calendar periods of an IANA time zone as UTC instants, DST-correct, from the runtime's own tz database
 * (legacy aliases such as `US/Eastern` and `Etc/GMT+1`, :30/:45 offsets and local mean time offsets with
 * seconds all work). Instants are epoch milliseconds. No zone offset is written down here: offsets come
 * from `Intl` through the per-day cache in `zone-offsets.ts`, wall times by Date arithmetic.
 *
 * A period starts at a local wall-clock boundary, exactly to the second: local midnight for days, weeks,
 * months and years, a local full hour (minute and second 0) for hours. Where a changeover skips the
 * boundary, the period starts where the skipped stretch ends; where it repeats it, at the earlier instant.
 * The sandbox buckets the feed with these functions and the console draws its rows with them.
 */
import { dateFields } from './calendar-date.ts';
import { zoneOffsets, type ZoneOffsets } from './zone-offsets.ts';

export const PERIOD_TYPES = ['year', 'month', 'week', 'day', 'hour'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// No zone is more than this far from UTC (the largest, local mean time in Manila before 1845, is 15:56).
const MAX_OFFSET = 26 * HOUR;
// More changeovers than this within one hour would be tz data no zone has; stop rather than spin.
const MAX_CHANGES_PER_STEP = 64;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Whether the runtime knows the zone by this IANA name (canonical or legacy alias). */
export function isKnownTimeZone(timeZone: string): boolean {
  // Intl also accepts offset strings such as "+01:00"; the platform takes zone names only.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone) || timeZone.length > 64) return false;
  try {
    zoneOffsets(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive; whole seconds). */
export function offsetMsAt(instant: number, timeZone: string): number {
  return zoneOffsets(timeZone).at(instant);
}

/** The zone's offset from UTC at an instant, in minutes (east positive; fractional in local mean time). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  return offsetMsAt(instant, timeZone) / MINUTE;
}

/** Local wall-clock time of an instant in a zone. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const local = new Date(instant + offsetMsAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

const offsetScratch: number[] = [];

/** The instant a local wall time (given as epoch ms of the same fields in UTC) begins. */
function localToInstant(wallMs: number, zone: ZoneOffsets): number {
  const windowFrom = wallMs - MAX_OFFSET;
  const windowTo = wallMs + MAX_OFFSET;
  let earliest = Infinity;
  for (const offset of zone.offsetsBetween(windowFrom, windowTo, offsetScratch)) {
    const candidate = wallMs - offset;
    if (candidate < earliest && zone.at(candidate) === offset) earliest = candidate;
  }
  if (earliest !== Infinity) return earliest;
  const gapEnd = zone.gapEndFor(wallMs, windowFrom, windowTo);
  return Number.isNaN(gapEnd) ? wallMs - zone.at(wallMs - DAY) : gapEnd;
}

function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/**
 * The instant a local wall time begins. Ambiguous times (autumn fold) give the earlier instant;
 * times skipped by a spring gap give the instant the gap ends (the period then starts late).
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): number {
  return localToInstant(wallAsUtc(wall), zoneOffsets(timeZone));
}

/** UTC instant at which a local calendar date starts (the SPA's date pickers use this). */
export function startOfLocalDate(isoDate: string, timeZone: string): number {
  const { year, month, day } = dateFields(isoDate);
  return wallTimeToInstant({ year, month, day, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** Epoch ms of local midnight (as UTC fields) of the period of `type` containing, or after, a local time. */
function periodMidnight(localMs: number, type: Exclude<PeriodType, 'hour'>, step: 0 | 1): number {
  const date = new Date(localMs);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  let day = date.getUTCDate();
  const midnight = new Date(0);
  if (type === 'year') midnight.setUTCFullYear(year + step, 0, 1);
  else if (type === 'month') midnight.setUTCFullYear(year, month + step, 1);
  else {
    if (type === 'week') day -= (date.getUTCDay() + 6) % 7; // back to Monday
    midnight.setUTCFullYear(year, month, day + (type === 'week' ? 7 : 1) * step);
  }
  return midnight.getTime();
}

/** The latest local full hour at or before the instant. */
function hourStartAt(instant: number, zone: ZoneOffsets): number {
  let latest = instant;
  for (let step = 0; step < MAX_CHANGES_PER_STEP; step++) {
    const offset = zone.at(latest);
    const candidate = Math.floor((latest + offset) / HOUR) * HOUR - offset;
    // A changeover after the candidate means the candidate's wall time never showed with this offset:
    // the full hour lies before the changeover.
    const change = zone.lastChangeIn(candidate, latest);
    if (Number.isNaN(change)) return candidate;
    latest = change - 1;
  }
  throw new RangeError(`Too many offset changes near ${new Date(instant).toISOString()}`);
}

/** The first local full hour after the instant. */
function nextHourAfter(instant: number, zone: ZoneOffsets): number {
  let from = instant;
  let strictlyAfter = true;
  for (let step = 0; step < MAX_CHANGES_PER_STEP; step++) {
    const offset = zone.at(from);
    const local = from + offset;
    const hour = strictlyAfter ? Math.floor(local / HOUR) * HOUR + HOUR : Math.ceil(local / HOUR) * HOUR;
    const candidate = hour - offset;
    // A changeover up to the candidate moves the clock: continue from it with its new offset.
    const change = zone.firstChangeIn(from, candidate);
    if (Number.isNaN(change)) return candidate;
    from = change;
    strictlyAfter = false;
  }
  throw new RangeError(`Too many offset changes near ${new Date(instant).toISOString()}`);
}

/** The start of the period that contains the instant. */
export function periodStartAt(instant: number, type: PeriodType, timeZone: string): number {
  const zone = zoneOffsets(timeZone);
  if (type === 'hour') return hourStartAt(instant, zone);
  return localToInstant(periodMidnight(instant + zone.at(instant), type, 0), zone);
}

/** The start of the period following the one that starts at `periodStart`. */
export function nextPeriodStart(periodStart: number, type: PeriodType, timeZone: string): number {
  const zone = zoneOffsets(timeZone);
  if (type === 'hour') return nextHourAfter(periodStart, zone);
  return localToInstant(periodMidnight(periodStart + zone.at(periodStart), type, 1), zone);
}

export interface Period {
  start: number;
  end: number;
}

/**
 * Every calendar period of the zone that overlaps [from, to), in order, with its full calendar bounds
 * (the first may start before `from`, the last may end after `to`).
 */
export function periodsOverlapping(from: number, to: number, type: PeriodType, timeZone: string): Period[] {
  const periods: Period[] = [];
  if (to <= from) return periods;
  let start = periodStartAt(from, type, timeZone);
  while (start < to) {
    const end = nextPeriodStart(start, type, timeZone);
    periods.push({ start, end });
    start = end;
  }
  return periods;
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the spec's date-time shape. */
export function formatUtcInstant(instant: number): string {
  const iso = new Date(instant).toISOString();
  // Years 0-9999 give `YYYY-MM-DDTHH:MM:SS.sssZ`; extended years keep their own form.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
}

/** `+01:00`, or `+00:53:28` where a local mean time offset has seconds. */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const seconds = Math.abs(offsetMs) / 1000;
  const pad = (value: number) => String(Math.floor(value)).padStart(2, '0');
  const text = `${sign}${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}`;
  return seconds % 60 === 0 ? text : `${text}:${pad(seconds % 60)}`;
}

/** The instant as local ISO 8601 with its offset: `2025-10-26T02:00:00+01:00`. */
export function formatLocalInstant(instant: number, timeZone: string): string {
  const offset = offsetMsAt(instant, timeZone);
  const local = new Date(instant + offset).toISOString();
  return `${local.slice(0, 19)}${formatOffset(offset)}`;
}
