import { addDays } from '../../../../contract/calendar-date.ts';
import { startOfLocalDate } from '../../../../contract/time-zone-periods.ts';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import type { DateRange } from '../data/report-range.ts';
import type { ReportRow } from '../data/report-rows.ts';

/**
 * The energy delivered up to the end of each period, or null for a period without values (a gap, not
 * yet delivered): the line is interrupted there, never drawn through as if the period held 0, and
 * resumes after it at the sum of what was delivered. An incomplete period adds what it holds. Summed in
 * Wh, where kWh with three decimals are exact.
 */
export function runningSums(rows: readonly ReportRow[]): readonly (number | null)[] {
  const known = sumsOf.get(rows);
  if (known) return known;
  let totalWh = 0;
  const sums = rows.map((row) => {
    if (row.energyKwh === null) return null;
    totalWh += Math.round(row.energyKwh * 1000);
    return totalWh / 1000;
  });
  sumsOf.set(rows, sums);
  return sums;
}

// Per rows array (the views' caches keep rows per records array), so a switch back to the running sum, or
// one warmed while the browser was idle, does not sum a year of quarter hours again.
const sumsOf = new WeakMap<readonly ReportRow[], readonly (number | null)[]>();
const tabledOf = new WeakMap<readonly ReportRow[], Map<string, readonly number[]>>();

/** The sum at the end of the rows: what was delivered in the range (0 when nothing was). */
export function finalSum(sums: readonly (number | null)[]): number {
  for (let index = sums.length - 1; index >= 0; index--) if (sums[index] !== null) return sums[index]!;
  return 0;
}

/**
 * The rows the table lists: every period for days and coarser; for hours and quarter hours the last
 * period of each local day (the running sum at each midnight), so a year of raw values is 365 rows.
 */
export function tabledIndexes(
  rows: readonly ReportRow[],
  aggregation: AggregationType,
  range: DateRange,
  timeZone: string,
): readonly number[] {
  if (aggregation !== 'raw' && aggregation !== 'hour') return rows.map((_row, index) => index);
  let byKey = tabledOf.get(rows);
  if (!byKey) tabledOf.set(rows, (byKey = new Map()));
  const key = `${range.from}/${range.to}/${timeZone}`;
  const known = byKey.get(key);
  if (known) return known;
  const midnights = new Set<number>();
  for (let date = range.from; date <= range.to; date = addDays(date, 1))
    midnights.add(startOfLocalDate(addDays(date, 1), timeZone));
  const indexes: number[] = [];
  rows.forEach((row, index) => {
    if (midnights.has(row.end) || index === rows.length - 1) indexes.push(index);
  });
  byKey.set(key, indexes);
  return indexes;
}

/**
 * Positions to draw of series aligned by position: every n-th so that about `maxPoints` remain, and at
 * each edge of a missing stretch the value and the missing position beside it, so an interruption stays
 * one when thinned out (a long stretch of missing values is drawn as its two ends), and the last.
 */
export function drawnIndexes(series: readonly (readonly (number | null)[])[], maxPoints: number): number[] {
  const count = Math.max(0, ...series.map((sums) => sums.length));
  const every = Math.max(1, Math.ceil(count / Math.max(1, maxPoints)));
  // Whether any series misses each position, found once (each position is asked up to three times).
  const missingAt = new Uint8Array(count);
  for (const sums of series)
    for (let index = 0; index < count; index++) if (sums[index] === null) missingAt[index] = 1;
  const missing = (index: number) => missingAt[index] === 1;
  const indexes: number[] = [];
  for (let index = 0; index < count; index++) {
    const edge =
      index > 0 && index < count - 1
        ? missing(index) !== missing(index - 1) || missing(index) !== missing(index + 1)
        : false;
    if (index % every === 0 || edge || index === count - 1) {
      // A thinned-out position inside a missing stretch would only repeat the interruption.
      if (!edge && index % every === 0 && missing(index) && missing(index - 1) && missing(index + 1))
        continue;
      indexes.push(index);
    }
  }
  return indexes;
}
