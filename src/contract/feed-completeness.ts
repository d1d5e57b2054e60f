/**
 * How complete a period of feed-in values is. Every period should hold one value per interval of the
 * contract's resolution over its real length (a day 96 at 15 minutes, 92 or 100 on the DST days, an hour
 * 4). A period is then one of:
 *
 * - `complete`: it holds every value it should;
 * - `not-yet-delivered`: it lacks values but ends after the delivery horizon (now less the delivery delay,
 *   Grafana's `nowDelay`): in the future, or so recent that meter values may still arrive;
 * - `gap`: it is due and holds no value;
 * - `incomplete`: it is due and holds some values, not all ("8 of 96 values").
 */
import type { AggregationType, FeedRecord } from './api/feed.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The market's metering resolution in Germany: 15 minutes. */
export const MARKET_RESOLUTION_MS = 15 * MINUTE;
/** Meter values may arrive this late: periods ending within it are not yet delivered, not gaps. */
export const DELIVERY_DELAY_MS = 2 * DAY;
/** Raw records looked at to find their length. */
const RAW_SAMPLE = 500;
/** Finer resolutions a contract may have (the coarsest that fits the records wins). */
const FINER_RESOLUTIONS_MS = [10 * MINUTE, 5 * MINUTE, MINUTE];

export const PERIOD_STATUSES = ['complete', 'incomplete', 'gap', 'not-yet-delivered'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

/**
 * The contract's resolution as the records show it. Raw records: their own length (the most common one
 * among 500 spread over them).
 * Aggregates: 15 minutes, unless a record holds more values than its length at 15 minutes allows, then
 * the coarsest of 10, 5 or 1 minutes that holds them all. (An hourly meter cannot be told from aggregates:
 * its days read "24 of 96 values"; its raw records show it.)
 */
export function feedResolution(records: readonly FeedRecord[], aggregation: AggregationType): number {
  if (aggregation === 'raw') {
    // A sample spread over the records is enough to see their length (a year has 35,040).
    const lengths = new Map<number, number>();
    let best = MARKET_RESOLUTION_MS;
    let bestCount = 0;
    const step = Math.max(1, Math.floor(records.length / RAW_SAMPLE));
    for (let index = 0; index < records.length; index += step) {
      const record = records[index]!;
      const length = Date.parse(record.end) - Date.parse(record.start);
      if (!(length > 0)) continue;
      const count = (lengths.get(length) ?? 0) + 1;
      lengths.set(length, count);
      if (count > bestCount) [best, bestCount] = [length, count];
    }
    return best;
  }
  let resolution = MARKET_RESOLUTION_MS;
  for (const record of records) {
    const length = Date.parse(record.end) - Date.parse(record.start);
    while (record.sample_count > Math.round(length / resolution)) {
      const finer = FINER_RESOLUTIONS_MS.find((candidate) => candidate < resolution);
      if (finer === undefined) return resolution;
      resolution = finer;
    }
  }
  return resolution;
}

/** How many values a stretch of time should hold at the resolution (at least one). */
export function expectedValues(start: number, end: number, resolutionMs: number): number {
  return Math.max(1, Math.round((end - start) / resolutionMs));
}

/** The instant up to which values are due at `now`. */
export function deliveryHorizon(now: number): number {
  return now - DELIVERY_DELAY_MS;
}

/** The period's status: its values against what it should hold, and whether they are due yet. */
export function periodStatus(sampleCount: number, expected: number, end: number, now: number): PeriodStatus {
  if (sampleCount >= expected) return 'complete';
  if (end > deliveryHorizon(now)) return 'not-yet-delivered';
  return sampleCount === 0 ? 'gap' : 'incomplete';
}
