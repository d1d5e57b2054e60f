import { addDays, addMonthsClamped, daysInMonth, toUtcDate, type IsoDate } from './calendar-date.ts';
import { formatUtcInstant, startOfLocalDate } from './time-zone-periods.ts';

/**
 * The ranges of a shared report (issue 46), apart from its schemas: the link's page computes its compared
 * range with them and loads no schema library.
 */

const DAY_MS = 24 * 60 * 60_000;

/** Days from `from` to `to`, both included. */
export function rangeDayCount(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / DAY_MS) + 1;
}

/** Calendar dates, both included. */
export interface SharedRange {
  from: IsoDate;
  to: IsoDate;
}

function wholeMonths(range: SharedRange): number | null {
  const toYear = Number(range.to.slice(0, 4));
  const toMonth = Number(range.to.slice(5, 7));
  if (!range.from.endsWith('-01') || Number(range.to.slice(8)) !== daysInMonth(toYear, toMonth)) return null;
  const fromYear = Number(range.from.slice(0, 4));
  const fromMonth = Number(range.from.slice(5, 7));
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/**
 * The range a report compares with, as the staff report computes it (feed-report-page's compareRange and
 * report-range's stepRange): the previous period by its calendar length, or the same dates a year earlier.
 */
export function comparedRange(range: SharedRange, compare: 'previous' | 'year' | null): SharedRange | null {
  if (compare === 'year')
    return { from: addMonthsClamped(range.from, -12), to: addMonthsClamped(range.to, -12) };
  if (compare !== 'previous') return null;
  const months = wholeMonths(range);
  if (months !== null) {
    const from = addMonthsClamped(range.from, -months);
    const last = addMonthsClamped(from, months - 1);
    const lastDay = daysInMonth(Number(last.slice(0, 4)), Number(last.slice(5, 7)));
    return { from, to: `${last.slice(0, 8)}${String(lastDay).padStart(2, '0')}` };
  }
  const days = rangeDayCount(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.to, -days) };
}

/** The platform's `start`/`end` for a range of calendar dates in a zone (local midnights). */
export function rangeQueryOf(range: SharedRange, timeZone: string): { start: string; end: string } {
  return {
    start: formatUtcInstant(startOfLocalDate(range.from, timeZone)),
    end: formatUtcInstant(startOfLocalDate(addDays(range.to, 1), timeZone)),
  };
}

/** No zone is further than 26 hours from UTC: a range padded by this holds its instants in every zone. */
const ZONE_PADDING_MS = 26 * 3_600_000;

/**
 * The raw values' `start`/`end` (UTC) for a range: its calendar days as UTC padded for every zone, as the staff
 * report asks for them (feed-report's `rawParams`), so the heatmap finds them under its own key.
 */
export function rawRangeQueryOf(range: SharedRange): { start: string; end: string } {
  return {
    start: formatUtcInstant(toUtcDate(range.from).getTime() - ZONE_PADDING_MS),
    end: formatUtcInstant(toUtcDate(addDays(range.to, 1)).getTime() + ZONE_PADDING_MS),
  };
}
