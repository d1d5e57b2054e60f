import { describe, expect, it } from 'vitest';
import type { FeedRecord } from './api/feed.ts';
import { aggregateRawRecords, firstStartAtOrAfter, startInstants } from './feed-aggregation.ts';

/** A quarter hour's raw record. */
const quarter = (start: string, energyKwh: number): FeedRecord => ({
  start,
  end: new Date(Date.parse(start) + 900_000).toISOString().replace('.000Z', 'Z'),
  energy_kwh: energyKwh,
  sample_count: 1,
});

// Around midnight in Berlin (UTC+1 in January): two quarter hours on either side of 2025-01-02 00:00.
const raw = [
  quarter('2025-01-01T22:30:00Z', 0.1),
  quarter('2025-01-01T22:45:00Z', 0.2),
  quarter('2025-01-01T23:00:00Z', 0.3),
  quarter('2025-01-01T23:15:00Z', 0.4),
];
const starts = startInstants(raw);
const from = Date.parse('2025-01-01T22:00:00Z');
const to = Date.parse('2025-01-02T00:00:00Z');

describe('aggregateRawRecords', () => {
  it('sums the values of each of the zone’s calendar days, with the days’ full bounds, in whole Wh', () => {
    expect(aggregateRawRecords(raw, starts, from, to, 'day', 'Europe/Berlin')).toEqual([
      // 0.1 + 0.2 kWh is 300 Wh, not 0.30000000000000004 kWh.
      { start: '2024-12-31T23:00:00Z', end: '2025-01-01T23:00:00Z', energy_kwh: 0.3, sample_count: 2 },
      { start: '2025-01-01T23:00:00Z', end: '2025-01-02T23:00:00Z', energy_kwh: 0.7, sample_count: 2 },
    ]);
    expect(aggregateRawRecords(raw, starts, from, to, 'day', 'UTC')).toEqual([
      { start: '2025-01-01T00:00:00Z', end: '2025-01-02T00:00:00Z', energy_kwh: 1, sample_count: 4 },
    ]);
  });

  it('takes only values that start in [from, to), and gives periods without values no record', () => {
    const lastHalfHour = Date.parse('2025-01-01T23:00:00Z');
    expect(aggregateRawRecords(raw, starts, from, lastHalfHour, 'hour', 'UTC')).toEqual([
      { start: '2025-01-01T22:00:00Z', end: '2025-01-01T23:00:00Z', energy_kwh: 0.3, sample_count: 2 },
    ]);
    const hoursBefore = Date.parse('2025-01-01T18:00:00Z');
    expect(aggregateRawRecords(raw, starts, hoursBefore, to, 'hour', 'UTC').map((r) => r.start)).toEqual([
      '2025-01-01T22:00:00Z',
      '2025-01-01T23:00:00Z',
    ]);
    expect(aggregateRawRecords(raw, starts, to, to + 86_400_000, 'day', 'UTC')).toEqual([]);
  });
});

describe('firstStartAtOrAfter', () => {
  it('finds the first start at or after an instant, and the length when there is none', () => {
    expect(firstStartAtOrAfter(starts, from)).toBe(0);
    expect(firstStartAtOrAfter(starts, Date.parse('2025-01-01T22:45:00Z'))).toBe(1);
    expect(firstStartAtOrAfter(starts, Date.parse('2025-01-01T22:50:00Z'))).toBe(2);
    expect(firstStartAtOrAfter(starts, to)).toBe(4);
    expect(firstStartAtOrAfter(new Float64Array(), from)).toBe(0);
  });
});
