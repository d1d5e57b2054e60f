/**
 * The API's aggregates computed from its raw records, with the sandbox's own bucketing
 * (`periodsOverlapping`): once a range's raw values are in the browser, every aggregation in every zone is
 * drawn without asking the API again. The sandbox's route test proves the records equal its own.
 */
import type { FeedRecord } from './api/feed.ts';
import { formatUtcInstant, periodsOverlapping, type PeriodType } from './time-zone-periods.ts';

/** The start instants of records in order (raw records arrive sorted by start). */
export function startInstants(records: readonly FeedRecord[]): Float64Array {
  const starts = new Float64Array(records.length);
  for (let index = 0; index < records.length; index++) starts[index] = Date.parse(records[index]!.start);
  return starts;
}

/** The index of the first start at or after the instant (the length if none). */
export function firstStartAtOrAfter(starts: Float64Array, instant: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! < instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One record per calendar period of the zone holding values that start in [from, to): calendar bounds
 * (also where the range cuts a period), energy summed in Wh (kWh with three decimals are whole Wh),
 * sample counts summed. Periods without values have no record, as in the API.
 */
export function aggregateRawRecords(
  raw: readonly FeedRecord[],
  starts: Float64Array,
  from: number,
  to: number,
  type: PeriodType,
  timeZone: string,
): FeedRecord[] {
  let index = firstStartAtOrAfter(starts, from);
  const last = firstStartAtOrAfter(starts, to);
  const records: FeedRecord[] = [];
  if (index >= last) return records;
  for (const period of periodsOverlapping(from, to, type, timeZone)) {
    if (index >= last) break;
    const first = index;
    let wh = 0;
    let samples = 0;
    while (index < last && starts[index]! < period.end) {
      const record = raw[index++]!;
      wh += Math.round(record.energy_kwh * 1000);
      samples += record.sample_count;
    }
    if (index > first)
      records.push({
        start: formatUtcInstant(period.start),
        end: formatUtcInstant(period.end),
        energy_kwh: wh / 1000,
        sample_count: samples,
      });
  }
  return records;
}
