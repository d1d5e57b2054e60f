import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as oracle from './testing/intl-periods-oracle.ts';
import {
  formatLocalInstant,
  formatUtcInstant,
  isKnownTimeZone,
  nextPeriodStart,
  offsetMinutesAt,
  offsetMsAt,
  PERIOD_TYPES,
  periodsOverlapping,
  periodStartAt,
  startOfLocalDate,
  wallTimeAt,
  wallTimeToInstant,
} from './time-zone-periods.ts';
import { zoneOffsets } from './zone-offsets.ts';

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

/** Zones whose history exercises every branch: half-hour DST, midnight DST, skipped days, +14, LMT. */
const AWKWARD_ZONES = [
  'Europe/Berlin',
  'Europe/London',
  'Europe/Dublin', // negative DST in the tz database
  'Europe/Moscow',
  'Africa/Casablanca', // DST suspended for Ramadan
  'Africa/Monrovia',
  'America/Havana',
  'America/Sao_Paulo',
  'America/St_Johns',
  'America/Caracas',
  'US/Eastern',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Pyongyang',
  'Pacific/Apia', // skipped 2011-12-30
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Antarctica/Troll',
  'Etc/GMT+1',
  'UTC',
];

describe('time-zone periods against the Intl-only implementation', () => {
  const QUARTER = 15 * 60_000;
  // Year periods reach up to a year beyond the range: look that far for offsets the oracle cannot handle.
  const isQuarterHourEra = (zone: string, from: number, to: number) =>
    zoneOffsets(zone)
      .offsetsBetween(from - 370 * 24 * HOUR, to + 370 * 24 * HOUR, [])
      .every((offset) => offset % QUARTER === 0);

  // Slow under coverage on a busy machine: a generous bound, not a speed goal.
  it(
    'gives byte-identical periods wherever every offset is a whole number of quarter hours',
    { timeout: 90_000 },
    () => {
      let compared = 0;
      for (const zone of AWKWARD_ZONES) {
        for (const year of [1916, 1945, 1970, 1996, 2011, 2025, 2037, 2100]) {
          for (const type of PERIOD_TYPES) {
            const from = Date.UTC(year, 0, 1) + ((zone.length * 17) % 300) * 24 * HOUR;
            const days = { hour: 4, day: 45, week: 100, month: 400, year: 1200 }[type];
            const to = from + days * 24 * HOUR;
            if (!isQuarterHourEra(zone, from, to)) continue;
            expect(utc(periodsOverlapping(from, to, type, zone)), `${zone} ${year} ${type}`).toEqual(
              utc(oracle.periodsOverlapping(from, to, type, zone)),
            );
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(650);
    },
  );

  // Slow under coverage on a busy machine: a generous bound, not a speed goal.
  it('finds the same instant for local wall times, in folds and gaps', { timeout: 90_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AWKWARD_ZONES),
        fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2060, 0, 1) }),
        (zone, instant) => {
          const wall = oracle.wallTimeAt(instant, zone);
          fc.pre(isQuarterHourEra(zone, instant, instant));
          expect(wallTimeToInstant(wall, zone)).toBe(oracle.wallTimeToInstant(wall, zone));
          expect(wallTimeAt(instant, zone)).toEqual(wall);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('time-zone periods for every zone, 1800-2200', () => {
  const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'US/Eastern', 'Etc/GMT+1', 'Asia/Calcutta'];
  const anyInstant = fc.integer({ min: Date.UTC(1800, 0, 1), max: Date.UTC(2200, 0, 1) });
  const intlOffset = (instant: number, zone: string) => {
    const second = Math.floor(instant / 1000) * 1000;
    const wall = oracle.wallTimeAt(second, zone);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - second;
  };

  it('reads the offsets Intl gives, to the second', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), anyInstant, (zone, instant) => {
        expect(offsetMsAt(instant, zone)).toBe(intlOffset(instant, zone));
      }),
      { numRuns: 1000 },
    );
  });

  // Slow under coverage on a busy machine: a generous bound, not a speed goal.
  it('places every changeover on the very second Intl changes the offset', { timeout: 90_000 }, () => {
    let changes = 0;
    fc.assert(
      fc.property(fc.constantFrom(...zones), anyInstant, (zone, instant) => {
        const change = zoneOffsets(zone).firstChangeIn(instant, instant + 200 * 24 * HOUR);
        fc.pre(!Number.isNaN(change));
        changes++;
        expect(offsetMsAt(change - 1000, zone)).toBe(intlOffset(change - 1000, zone));
        expect(offsetMsAt(change, zone)).toBe(intlOffset(change, zone));
        expect(intlOffset(change, zone)).not.toBe(intlOffset(change - 1000, zone));
      }),
      { numRuns: 500 },
    );
    expect(changes).toBeGreaterThan(100);
  });

  it('terminates within a bounded number of Intl calls and gives a period around the instant', () => {
    // The step bound: each call may ask Intl this often at most (a cold day costs 3, a changeover 17).
    const MAX_INTL_CALLS = 300;
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const bounded = <T>(call: () => T): T => {
      formatToParts.mockClear();
      const result = call();
      expect(formatToParts.mock.calls.length).toBeLessThanOrEqual(MAX_INTL_CALLS);
      return result;
    };
    try {
      fc.assert(
        fc.property(
          fc.constantFrom(...zones),
          anyInstant,
          fc.constantFrom(...PERIOD_TYPES),
          (zone, instant, type) => {
            const start = bounded(() => periodStartAt(instant, type, zone));
            const next = bounded(() => nextPeriodStart(start, type, zone));
            expect(start).toBeLessThanOrEqual(instant);
            expect(next).toBeGreaterThan(instant);
            expect(bounded(() => periodStartAt(next - 1, type, zone))).toBe(start);
            const wall = wallTimeAt(start, zone);
            if (type === 'hour') expect([wall.minute, wall.second]).toEqual([0, 0]);
          },
        ),
        { numRuns: 1000 },
      );
    } finally {
      formatToParts.mockRestore();
    }
  });

  it('returns at once for the report that used to hang the tab (Berlin 1890, hourly)', () => {
    const hours = periodsOverlapping(
      startOfLocalDate('1890-01-01', 'Europe/Berlin'),
      startOfLocalDate('1890-01-02', 'Europe/Berlin'),
      'hour',
      'Europe/Berlin',
    );
    expect(hours).toHaveLength(24);
    expect(formatUtcInstant(hours[0]!.start)).toBe('1889-12-31T23:06:32Z');
    expect(formatUtcInstant(hours[1]!.start)).toBe('1890-01-01T00:06:32Z');
    expect(offsetMinutesAt(hours[0]!.start, 'Europe/Berlin')).toBeCloseTo(53 + 28 / 60, 10);
  });

  it('starts hours at local full hours in offsets with seconds, and across the change to standard time', () => {
    // Monrovia kept -00:44:30 until 1972-01-07: local 00:00 is 00:44:30 UTC.
    expect(formatUtcInstant(periodStartAt(at('1971-06-01T12:00:00Z'), 'hour', 'Africa/Monrovia'))).toBe(
      '1971-06-01T11:44:30Z',
    );
    // Berlin left local mean time at 1893-04-01 00:00 LMT, which became 00:06:32 CET: the full hour
    // 00:00 never showed, so the hour from 23:00 LMT runs to 01:00 CET.
    const hours = periodsOverlapping(
      at('1893-03-31T22:00:00Z'),
      at('1893-04-01T01:00:00Z'),
      'hour',
      'Europe/Berlin',
    );
    expect(utc(hours)).toEqual([
      ['1893-03-31T21:06:32Z', '1893-03-31T22:06:32Z'],
      ['1893-03-31T22:06:32Z', '1893-04-01T00:00:00Z'],
      ['1893-04-01T00:00:00Z', '1893-04-01T01:00:00Z'],
    ]);
    const days = periodsOverlapping(
      at('1893-03-31T12:00:00Z'),
      at('1893-04-01T12:00:00Z'),
      'day',
      'Europe/Berlin',
    );
    expect(utc(days)).toEqual([
      ['1893-03-30T23:06:32Z', '1893-03-31T23:06:32Z'],
      ['1893-03-31T23:06:32Z', '1893-04-01T23:00:00Z'],
    ]);
  });
});

describe('local instants', () => {
  it('writes local ISO 8601 with the offset of the instant, seconds only where the offset has them', () => {
    expect(formatLocalInstant(at('2025-10-26T00:00:00Z'), 'Europe/Berlin')).toBe('2025-10-26T02:00:00+02:00');
    expect(formatLocalInstant(at('2025-10-26T01:00:00Z'), 'Europe/Berlin')).toBe('2025-10-26T02:00:00+01:00');
    expect(formatLocalInstant(at('2026-01-01T00:00:00Z'), 'America/St_Johns')).toBe(
      '2025-12-31T20:30:00-03:30',
    );
    expect(formatLocalInstant(at('1890-01-01T00:06:32Z'), 'Europe/Berlin')).toBe(
      '1890-01-01T01:00:00+00:53:28',
    );
    expect(formatLocalInstant(at('1971-06-01T11:44:30Z'), 'Africa/Monrovia')).toBe(
      '1971-06-01T11:00:00-00:44:30',
    );
    expect(formatLocalInstant(at('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
  });
});
