/**
 * The report's views computed in the browser from raw values already loaded: a range's raw values are
 * fetched once (a day either side, so every zone's range lies inside them), and every aggregation, zone,
 * comparison and range inside them is bucketed here with the sandbox's own code
 * (`src/contract/feed-aggregation.ts`), not fetched again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AggregationType, FeedRecord } from '../../../../contract/api/feed.ts';
import { addDays, toUtcDate } from '../../../../contract/calendar-date.ts';
import {
  aggregateRawRecords,
  firstStartAtOrAfter,
  startInstants,
} from '../../../../contract/feed-aggregation.ts';
import { formatUtcInstant } from '../../../../contract/time-zone-periods.ts';
import type { FeedParams } from '../api/get-feed.ts';
import { feedKeys, rawKeySpan } from './feed-keys.ts';
import type { DateRange } from './report-range.ts';

// No zone is further than 26 hours from UTC (local mean times included): a range padded by this holds the
// range's instants in every zone.
const ZONE_PADDING_MS = 26 * 3_600_000;

/** The raw values fetched for a range: its calendar days as UTC, padded for every zone. */
export function rawParams(user: string, contract: string, range: DateRange): FeedParams {
  return {
    user,
    contract,
    start: formatUtcInstant(toUtcDate(range.from).getTime() - ZONE_PADDING_MS),
    end: formatUtcInstant(toUtcDate(addDays(range.to, 1)).getTime() + ZONE_PADDING_MS),
    aggregation: 'raw',
    timeZone: 'UTC',
  };
}

/** Loaded raw values: the records (sorted by start) and the instants they cover. */
export interface LoadedRaw {
  records: readonly FeedRecord[];
  start: number;
  end: number;
}

/**
 * Raw values in the query cache of this contract that cover [start, end), or null. Any will do: those of
 * this range, of three years around it, or of the range before a step.
 */
export function loadedRawCovering(
  client: QueryClient,
  user: string,
  contract: string,
  start: number,
  end: number,
): LoadedRaw | null {
  for (const [key, records] of client.getQueriesData<FeedRecord[]>({
    queryKey: feedKeys.contract(user, contract),
  })) {
    const span = rawKeySpan(key);
    if (!span || !records) continue;
    const loaded = { records, ...span };
    if (loaded.start <= start && loaded.end >= end) return loaded;
  }
  return null;
}

// Parsed once per records array (the query cache's own, so an entry lives as long as the data).
const starts = new WeakMap<readonly FeedRecord[], Float64Array>();
// The views computed from one records array, a few per array: going back to one (Back, an undone change)
// hands out the same array, so the report view and the chart cached for it are reused too.
const views = new WeakMap<readonly FeedRecord[], Map<string, FeedRecord[]>>();
const VIEWS_PER_RECORDS = 12;

/** The records' start instants, parsed once per array. */
export function recordStarts(records: readonly FeedRecord[]): Float64Array {
  let known = starts.get(records);
  if (!known) starts.set(records, (known = startInstants(records)));
  return known;
}

/**
 * The API's records of the aggregation for [start, end) in the zone, from loaded raw values: for raw, the
 * values starting in it; else one record per period holding values, equal to the API's (proved by the
 * sandbox's `feed-aggregation.test.ts`), so the CSV stays one row per API record.
 */
export function recordsFromRaw(
  raw: readonly FeedRecord[],
  start: number,
  end: number,
  aggregation: AggregationType,
  timeZone: string,
): FeedRecord[] {
  let byKey = views.get(raw);
  if (!byKey) views.set(raw, (byKey = new Map()));
  const key = `${start}/${end}/${aggregation}/${aggregation === 'raw' ? '' : timeZone}`;
  const known = byKey.get(key);
  if (known) {
    // Most recently used last.
    byKey.delete(key);
    byKey.set(key, known);
    return known;
  }
  const instants = recordStarts(raw);
  let records: FeedRecord[];
  if (aggregation === 'raw') {
    const first = firstStartAtOrAfter(instants, start);
    const last = firstStartAtOrAfter(instants, end);
    records = raw.slice(first, last);
    starts.set(records, instants.subarray(first, last));
  } else records = aggregateRawRecords(raw, instants, start, end, aggregation, timeZone);
  if (byKey.size >= VIEWS_PER_RECORDS) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, records);
  return records;
}
