import { describe, expect, it } from 'vitest';
import {
  formatUtcInstant,
  isKnownTimeZone,
  nextPeriodStart,
  offsetMinutesAt,
  periodsOverlapping,
  periodStartAt,
  startOfLocalDate,
  wallTimeToInstant,
} from './time-zone-periods.ts';

const at = (iso: string) => Date.parse(iso);
const utc = (periods: { start: number; end: number }[]) =>
  periods.map((p) => [formatUtcInstant(p.start), formatUtcInstant(p.end)]);
const HOUR = 3_600_000;

describe('time-zone periods', () => {
  it('knows zone names and legacy aliases, and refuses offsets and junk', () => {
    for (const zone of [
      'UTC',
      'Europe/Berlin',
      'Etc/GMT+1',
      'US/Eastern',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'America/Argentina/Buenos_Aires',
    ]) {
      expect(isKnownTimeZone(zone)).toBe(true);
    }
    for (const zone of ['+01:00', 'Mars/Olympus', '', 'Europe/Berlin ', '../etc', 'x'.repeat(100)]) {
      expect(isKnownTimeZone(zone)).toBe(false);
    }
  });

  it('gives Berlin a 23-hour and a 25-hour day', () => {
    const spring = periodsOverlapping(
      at('2025-03-29T23:00:00Z'),
      at('2025-03-30T22:00:00Z'),
      'day',
      'Europe/Berlin',
    );
    expect(utc(spring)).toEqual([['2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z']]);
    const autumn = periodsOverlapping(
      at('2025-10-25T22:00:00Z'),
      at('2025-10-26T23:00:00Z'),
      'day',
      'Europe/Berlin',
    );
    expect(autumn).toHaveLength(1);
    expect(autumn[0]!.end - autumn[0]!.start).toBe(25 * HOUR);
  });

  it('gives the repeated autumn hour twice and skips the spring gap hour', () => {
    const autumn = periodsOverlapping(
      at('2025-10-26T00:00:00Z'),
      at('2025-10-26T02:00:00Z'),
      'hour',
      'Europe/Berlin',
    );
    expect(autumn.map((p) => formatUtcInstant(p.start))).toEqual([
      '2025-10-26T00:00:00Z',
      '2025-10-26T01:00:00Z',
    ]);
    const spring = periodsOverlapping(
      at('2025-03-30T00:00:00Z'),
      at('2025-03-30T02:00:00Z'),
      'hour',
      'Europe/Berlin',
    );
    expect(spring.map((p) => formatUtcInstant(p.start))).toEqual([
      '2025-03-30T00:00:00Z',
      '2025-03-30T01:00:00Z',
    ]);
    expect(spring.every((p) => p.end - p.start === HOUR)).toBe(true);
  });

  it('starts hours at local full hours in :30 and :45 zones', () => {
    const kolkata = periodsOverlapping(
      at('2026-01-01T00:00:00Z'),
      at('2026-01-01T02:00:00Z'),
      'hour',
      'Asia/Kolkata',
    );
    expect(kolkata.map((p) => formatUtcInstant(p.start))).toEqual([
      '2025-12-31T23:30:00Z',
      '2026-01-01T00:30:00Z',
      '2026-01-01T01:30:00Z',
    ]);
    const kathmandu = periodsOverlapping(
      at('2026-01-01T00:00:00Z'),
      at('2026-01-01T01:00:00Z'),
      'day',
      'Asia/Kathmandu',
    );
    expect(utc(kathmandu)).toEqual([['2025-12-31T18:15:00Z', '2026-01-01T18:15:00Z']]);
  });

  it('starts ISO weeks on Monday and months and years at local midnight', () => {
    const week = periodStartAt(at('2026-03-05T12:00:00Z'), 'week', 'US/Eastern');
    expect(formatUtcInstant(week)).toBe('2026-03-02T05:00:00Z');
    // The week containing the US spring change (2026-03-08) is 167 hours long.
    expect(nextPeriodStart(week, 'week', 'US/Eastern') - week).toBe(167 * HOUR);
    expect(formatUtcInstant(periodStartAt(at('2026-07-15T00:00:00Z'), 'month', 'Europe/Berlin'))).toBe(
      '2026-06-30T22:00:00Z',
    );
    expect(formatUtcInstant(periodStartAt(at('2026-07-15T00:00:00Z'), 'year', 'Etc/GMT+1'))).toBe(
      '2026-01-01T01:00:00Z',
    );
    const years = periodsOverlapping(at('2024-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), 'year', 'UTC');
    expect(years.map((p) => formatUtcInstant(p.start))).toEqual([
      '2024-01-01T00:00:00Z',
      '2025-01-01T00:00:00Z',
      '2026-01-01T00:00:00Z',
    ]);
  });

  it('handles a zone whose midnight is skipped (America/Havana, DST at 00:00)', () => {
    // 2026-03-08 in Havana: 00:00 jumps to 01:00; the day starts at the jump.
    const dayStart = startOfLocalDate('2026-03-08', 'America/Havana');
    expect(formatUtcInstant(dayStart)).toBe('2026-03-08T05:00:00Z');
    expect(nextPeriodStart(dayStart, 'day', 'America/Havana') - dayStart).toBe(23 * HOUR);
  });

  it('resolves ambiguous wall times to the earlier instant', () => {
    const instant = wallTimeToInstant(
      { year: 2025, month: 10, day: 26, hour: 2, minute: 30, second: 0 },
      'Europe/Berlin',
    );
    expect(formatUtcInstant(instant)).toBe('2025-10-26T00:30:00Z');
    expect(offsetMinutesAt(instant, 'Europe/Berlin')).toBe(120);
    expect(offsetMinutesAt(instant + HOUR, 'Europe/Berlin')).toBe(60);
  });

  it('returns no periods for an empty range and contiguous periods otherwise', () => {
    expect(periodsOverlapping(10, 10, 'day', 'UTC')).toEqual([]);
    const months = periodsOverlapping(
      at('2024-01-15T00:00:00Z'),
      at('2026-12-15T00:00:00Z'),
      'month',
      'Australia/Lord_Howe',
    );
    expect(months).toHaveLength(36);
    for (let i = 1; i < months.length; i++) expect(months[i]!.start).toBe(months[i - 1]!.end);
  });

  it('follows the 30-minute DST shift of Lord Howe for hours', () => {
    // 2026-04-05 02:00 local (+11) falls back to 01:30 (+10:30).
    const hours = periodsOverlapping(
      at('2026-04-04T13:00:00Z'),
      at('2026-04-04T17:00:00Z'),
      'hour',
      'Australia/Lord_Howe',
    );
    for (const period of hours) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Australia/Lord_Howe',
        minute: '2-digit',
      }).format(period.start);
      expect(Number(local)).toBe(0);
    }
  });
});
