import { describe, expect, it } from 'vitest';
import { PERIOD_TYPES } from '../../contract/time-zone-periods.ts';
import { aggregateRawRecords, startInstants } from '../../contract/feed-aggregation.ts';
import type { FeedQuery } from '../../contract/api/feed.ts';
import type { FeedTotals } from '../db/feed-repository.ts';
import { feedRecords } from './feed.ts';

const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso) / MINUTE;

/**
 * 15-minute values from mid-December 2024 to mid-January 2026 (both DST changes of 2025, a year's turn), with
 * gaps: a whole day, the autumn fold's hours in Berlin, a spring-forward morning, and single values here and
 * there; energies vary so sums show every value.
 */
function seriesWithGaps(): FeedTotals {
  const minutes: number[] = [];
  const wh: number[] = [];
  const gaps = [
    [at('2025-06-10T00:00:00Z'), at('2025-06-11T00:00:00Z')],
    [at('2025-10-25T23:30:00Z'), at('2025-10-26T02:15:00Z')],
    [at('2025-03-30T00:45:00Z'), at('2025-03-30T01:30:00Z')],
  ];
  let step = 0;
  for (let minute = at('2024-12-15T00:00:00Z'); minute < at('2026-01-15T00:00:00Z'); minute += 15, step++) {
    if (gaps.some(([from, to]) => minute >= from! && minute < to!)) continue;
    if (step % 997 === 0) continue;
    minutes.push(minute);
    wh.push((step * 7919) % 5003);
  }
  const cumWh = new Float64Array(wh.length);
  const cumN = new Int32Array(wh.length);
  wh.forEach((value, index) => {
    cumWh[index] = (index > 0 ? cumWh[index - 1]! : 0) + value;
    cumN[index] = index + 1;
  });
  return { startMin: Int32Array.from(minutes), cumWh, cumN };
}

const totals = seriesWithGaps();

function query(
  aggregation: FeedQuery['aggregation_type'],
  start: string,
  end: string,
  timezone: string,
): FeedQuery {
  return { start, end, aggregation_type: aggregation, timezone, limit: 1_000_000, offset: 0 };
}

const RANGES = [
  // The whole series and then some: periods at its edges hold only some values.
  ['2024-12-01T00:00:00Z', '2026-02-01T00:00:00Z'],
  // Cut inside periods of every size (in every zone), across both DST changes.
  ['2025-03-29T22:30:00Z', '2025-10-27T05:45:00Z'],
] as const;

describe('aggregates computed from raw records', () => {
  for (const timeZone of ['Europe/Berlin', 'UTC', 'Asia/Kolkata']) {
    for (const aggregation of PERIOD_TYPES) {
      it(`equal the sandbox's ${aggregation} records in ${timeZone}`, () => {
        for (const [start, end] of RANGES) {
          // The browser holds raw values of a wider range than it shows (a day either side).
          const raw = feedRecords(
            totals,
            query('raw', '2024-11-30T00:00:00Z', '2026-02-02T00:00:00Z', timeZone),
          ).results;
          const local = aggregateRawRecords(
            raw,
            startInstants(raw),
            Date.parse(start),
            Date.parse(end),
            aggregation,
            timeZone,
          );
          expect(local).toEqual(feedRecords(totals, query(aggregation, start, end, timeZone)).results);
        }
      });
    }
  }

  it('hold the DST days of 23 and 25 hours in Berlin', () => {
    const raw = feedRecords(
      totals,
      query('raw', '2025-03-29T00:00:00Z', '2025-10-28T00:00:00Z', 'UTC'),
    ).results;
    const days = aggregateRawRecords(
      raw,
      startInstants(raw),
      Date.parse('2025-03-29T23:00:00Z'),
      Date.parse('2025-10-26T23:00:00Z'),
      'day',
      'Europe/Berlin',
    );
    const hours = (record: { start: string; end: string }) =>
      (Date.parse(record.end) - Date.parse(record.start)) / 3_600_000;
    expect(hours(days[0]!)).toBe(23);
    expect(hours(days.at(-1)!)).toBe(25);
    // The spring day misses three values, the autumn day eleven (and one more every 997th step).
    expect(days[0]!.sample_count).toBeLessThan(92);
    expect(days.at(-1)!.sample_count).toBeLessThan(100 - 11 + 1);
  });

  it('give nothing where no raw value lies in the range', () => {
    const raw = feedRecords(
      totals,
      query('raw', '2025-06-10T00:00:00Z', '2025-06-11T00:00:00Z', 'UTC'),
    ).results;
    expect(raw).toEqual([]);
    expect(
      aggregateRawRecords(raw, startInstants(raw), 0, Date.parse('2030-01-01T00:00:00Z'), 'day', 'UTC'),
    ).toEqual([]);
  });
});
