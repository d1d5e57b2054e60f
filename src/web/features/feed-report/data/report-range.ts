import { msg, t } from '@lingui/core/macro';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import {
  addDays,
  addMonthsClamped,
  daysInMonth,
  isIsoDate,
  toUtcDate,
  weekday,
  type IsoDate,
} from '../../../../contract/calendar-date.ts';
import {
  formatUtcInstant,
  periodsOverlapping,
  startOfLocalDate,
  wallTimeAt,
} from '../../../../contract/time-zone-periods.ts';

/** Calendar dates in the report's zone, both included (the URL's `from` and `to`). */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

export const RANGE_PRESETS = [
  ['today', msg`Today`],
  ['yesterday', msg`Yesterday`],
  ['this-week', msg`This week`],
  ['last-week', msg`Last week`],
  ['this-month', msg`This month`],
  ['last-month', msg`Last month`],
  ['this-year', msg`This year`],
  ['last-year', msg`Last year`],
  ['last-7-days', msg`Last 7 days`],
  ['last-30-days', msg`Last 30 days`],
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number][0];

const DAY = 86_400_000;
/**
 * Four years of raw 15-minute values (leap days included). Up to this the report loads without asking (three
 * years, 105,216 values, in about a second); beyond it the page asks first: slow to load, and the browser
 * would hold more than it can bucket within a frame budget.
 */
export const MAX_POINTS = 4 * 366 * 96;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar date of an instant in the zone. */
export function dateIn(instant: number, timeZone: string): IsoDate {
  const wall = wallTimeAt(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekday(date) + 6) % 7));
}

function firstOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/** The year and month (1–12) of a `YYYY-MM-DD` day. */
function yearAndMonth(date: IsoDate): { year: number; month: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

function lastOfMonth(date: IsoDate): IsoDate {
  const { year, month } = yearAndMonth(date);
  return `${date.slice(0, 7)}-${pad(daysInMonth(year, month))}`;
}

export function presetRange(preset: RangePreset, today: IsoDate): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this-week':
      return { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
    case 'last-week':
      return { from: addDays(mondayOf(today), -7), to: addDays(mondayOf(today), -1) };
    case 'this-month':
      return { from: firstOfMonth(today), to: lastOfMonth(today) };
    case 'last-month': {
      const from = addMonthsClamped(firstOfMonth(today), -1);
      return { from, to: lastOfMonth(from) };
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'last-year': {
      const year = pad(Number(today.slice(0, 4)) - 1, 4);
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
  }
}

/** The preset that gives exactly this range today, or null (a custom range). */
export function matchingPreset(range: DateRange, today: IsoDate): RangePreset | null {
  for (const [preset] of RANGE_PRESETS) {
    const candidate = presetRange(preset, today);
    if (candidate.from === range.from && candidate.to === range.to) return preset;
  }
  return null;
}

export function rangeDays(range: DateRange): number {
  return Math.round((toUtcDate(range.to).getTime() - toUtcDate(range.from).getTime()) / DAY) + 1;
}

/** Whole calendar months (a month, a quarter, a year), or null: such ranges step by months. */
function wholeMonths(range: DateRange): number | null {
  if (!range.from.endsWith('-01') || range.to !== lastOfMonth(range.to)) return null;
  const from = yearAndMonth(range.from);
  const to = yearAndMonth(range.to);
  return (to.year - from.year) * 12 + (to.month - from.month) + 1;
}

/**
 * The range before (-1) or after (+1) by its own calendar length: whole months step by months (March to
 * April, never 31 days), anything else by its number of days (a week to the next week).
 */
export function stepRange(range: DateRange, direction: -1 | 1): DateRange {
  const months = wholeMonths(range);
  if (months !== null) {
    const from = addMonthsClamped(range.from, direction * months);
    return { from, to: lastOfMonth(addMonthsClamped(from, months - 1)) };
  }
  const days = rangeDays(range) * direction;
  return { from: addDays(range.from, days), to: addDays(range.to, days) };
}

/** The range of the same kind and length that holds today ("now"). */
export function currentRange(range: DateRange, today: IsoDate): DateRange {
  const months = wholeMonths(range);
  if (months !== null) {
    const fromMonth = Number(range.from.slice(5, 7)) - 1;
    if (12 % months === 0 && fromMonth % months === 0) {
      // A calendar quarter, half or year: the one holding today.
      const todayMonth = Number(today.slice(5, 7)) - 1;
      const from = addMonthsClamped(firstOfMonth(today), -(todayMonth % months));
      return { from, to: lastOfMonth(addMonthsClamped(from, months - 1)) };
    }
    return { from: addMonthsClamped(firstOfMonth(today), 1 - months), to: lastOfMonth(today) };
  }
  const days = rangeDays(range);
  if (weekday(range.from) === 1 && days % 7 === 0) {
    const to = addDays(mondayOf(today), 6);
    return { from: addDays(to, 1 - days), to };
  }
  return { from: addDays(today, 1 - days), to: today };
}

/** Bars for weeks of days, days for months, months for years: a readable number of points. */
export function defaultAggregation(range: DateRange): AggregationType {
  const days = rangeDays(range);
  if (days <= 2) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 200) return 'week';
  if (days <= 1100) return 'month';
  return 'year';
}

/** The instants the range covers in the zone: local midnight of `from` to local midnight after `to`. */
export function rangeInstants(range: DateRange, timeZone: string): { start: number; end: number } {
  return {
    start: startOfLocalDate(range.from, timeZone),
    end: startOfLocalDate(addDays(range.to, 1), timeZone),
  };
}

/** The API's `start`/`end` for the range. */
export function rangeQuery(range: DateRange, timeZone: string): { start: string; end: string } {
  const { start, end } = rangeInstants(range, timeZone);
  return { start: formatUtcInstant(start), end: formatUtcInstant(end) };
}

const TYPICAL_LENGTH = { year: 365 * DAY, month: 30 * DAY, week: 7 * DAY, day: DAY, hour: DAY / 24 };

/** How many points the chart would draw: exact for raw values and where the count is small. */
export function pointCount(range: DateRange, aggregation: AggregationType, timeZone: string): number {
  const { start, end } = rangeInstants(range, timeZone);
  if (aggregation === 'raw') return Math.ceil((end - start) / (15 * 60_000));
  const estimate = estimatedPeriods(start, end, aggregation);
  return estimate > MAX_POINTS * 2 ? estimate : periodsOverlapping(start, end, aggregation, timeZone).length;
}

/** A range's periods of an aggregation at their typical length, rounded up, plus the one cut at its start. */
function estimatedPeriods(start: number, end: number, aggregation: Exclude<AggregationType, 'raw'>): number {
  return Math.ceil((end - start) / TYPICAL_LENGTH[aggregation]) + 1;
}

/**
 * Whether the view's points are within MAX_POINTS, counting the periods only near the limit: a range's
 * periods outnumber its typical-length estimate by no more than the zone's changeovers in it, so an estimate
 * of half the limit or less is within it (a year of hours no longer enumerates its 8,760 hours, ~10-15 ms).
 */
export function withinPointLimit(range: DateRange, aggregation: AggregationType, timeZone: string): boolean {
  if (aggregation !== 'raw') {
    const { start, end } = rangeInstants(range, timeZone);
    if (estimatedPeriods(start, end, aggregation) * 2 <= MAX_POINTS) return true;
  }
  return pointCount(range, aggregation, timeZone) <= MAX_POINTS;
}

export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/** What is wrong with a from/to pair typed by hand, and on which of the two, or null. */
export function rangeProblem(range: { from?: string; to?: string }): RangeProblem | null {
  if (!range.from || !isIsoDate(range.from))
    return { field: 'from', message: t`Enter the first day as a date.` };
  if (!range.to || !isIsoDate(range.to)) return { field: 'to', message: t`Enter the last day as a date.` };
  if (range.to < range.from)
    return { field: 'to', message: t`The last day must not be before the first day.` };
  if (range.from < '1800-01-01') return { field: 'from', message: t`Choose days between 1800 and 2199.` };
  if (range.to > '2199-12-31') return { field: 'to', message: t`Choose days between 1800 and 2199.` };
  return null;
}
