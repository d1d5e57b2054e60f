import { describe, expect, it } from 'vitest';
import type { FeedRecord } from './api/feed.ts';
import {
  DELIVERY_DELAY_MS,
  expectedValues,
  feedResolution,
  MARKET_RESOLUTION_MS,
  periodStatus,
} from './feed-completeness.ts';
import { formatUtcInstant, periodsOverlapping, startOfLocalDate } from './time-zone-periods.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const record = (start: number, end: number, sample_count: number): FeedRecord => ({
  start: formatUtcInstant(start),
  end: formatUtcInstant(end),
  energy_kwh: 1,
  sample_count,
});

describe('feed-in completeness', () => {
  it('expects a period’s real length at 15 minutes: 96 a day, 92 and 100 on Berlin’s DST days, 4 an hour', () => {
    const days = (from: string, to: string, zone: string) =>
      periodsOverlapping(startOfLocalDate(from, zone), startOfLocalDate(to, zone), 'day', zone).map((day) =>
        expectedValues(day.start, day.end, MARKET_RESOLUTION_MS),
      );
    expect(days('2025-03-29', '2025-04-01', 'Europe/Berlin')).toEqual([96, 92, 96]);
    expect(days('2025-10-25', '2025-10-28', 'Europe/Berlin')).toEqual([96, 100, 96]);
    expect(days('2025-11-01', '2025-11-04', 'America/New_York')).toEqual([96, 100, 96]);
    expect(expectedValues(0, HOUR, MARKET_RESOLUTION_MS)).toBe(4);
    expect(expectedValues(0, 15 * MINUTE, MARKET_RESOLUTION_MS)).toBe(1);
  });

  it('takes the market’s 15 minutes unless the records show another resolution', () => {
    expect(feedResolution([], 'day')).toBe(15 * MINUTE);
    expect(feedResolution([], 'raw')).toBe(15 * MINUTE);
    // Aggregates holding no more than 15-minute values: 15 minutes (a short day is not a finer meter).
    expect(feedResolution([record(0, 24 * HOUR, 96), record(24 * HOUR, 48 * HOUR, 8)], 'day')).toBe(
      15 * MINUTE,
    );
    // 288 values a day: five-minute values.
    expect(feedResolution([record(0, 24 * HOUR, 288)], 'day')).toBe(5 * MINUTE);
    expect(feedResolution([record(0, HOUR, 6)], 'hour')).toBe(10 * MINUTE);
    // Raw records are their own length: hourly values mean an hour, whatever the odd record.
    const hourly = [0, 1, 2, 3].map((hour) => record(hour * HOUR, (hour + 1) * HOUR, 1));
    expect(feedResolution([...hourly, record(4 * HOUR, 4 * HOUR + 15 * MINUTE, 1)], 'raw')).toBe(HOUR);
  });

  it('tells complete, incomplete, gap and not yet delivered apart, with a two-day delivery delay', () => {
    const now = Date.parse('2025-08-20T12:00:00Z');
    const dueEnd = now - DELIVERY_DELAY_MS;
    expect(periodStatus(96, 96, dueEnd, now)).toBe('complete');
    expect(periodStatus(8, 96, dueEnd, now)).toBe('incomplete');
    expect(periodStatus(0, 96, dueEnd, now)).toBe('gap');
    // Ending within the last two days, or in the future: values may still arrive.
    expect(periodStatus(0, 96, dueEnd + 1, now)).toBe('not-yet-delivered');
    expect(periodStatus(8, 96, now + 86_400_000, now)).toBe('not-yet-delivered');
    // Complete is complete, however recent.
    expect(periodStatus(96, 96, now + 86_400_000, now)).toBe('complete');
  });
});
