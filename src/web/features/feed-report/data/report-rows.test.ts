import { describe, expect, it } from 'vitest';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import { formatUtcInstant } from '../../../../contract/time-zone-periods.ts';
import { rangeInstants } from './report-range.ts';
import {
  capacityFactor,
  completeness,
  coveredHours,
  CSV_HEADER,
  csvRows,
  energyUnit,
  exportFileName,
  rangePeriods,
  reportRows,
  specificYield,
  summarise,
} from './report-rows.ts';

const at = Date.parse;
const HOUR = 3_600_000;

function periodsOf(from: string, to: string, aggregation: Parameters<typeof rangePeriods>[2], zone: string) {
  const { start, end } = rangeInstants({ from, to }, zone);
  return { start, end, periods: rangePeriods(start, end, aggregation, zone) };
}

const record = (start: number, end: number, energy_kwh: number, sample_count = 4): FeedRecord => ({
  start: formatUtcInstant(start),
  end: formatUtcInstant(end),
  energy_kwh,
  sample_count,
});

describe('report periods and gaps', () => {
  it('gives Berlin’s spring day 23 hours and its autumn day 25, and labels the repeated hour by offset', () => {
    const spring = periodsOf('2025-03-30', '2025-03-30', 'hour', 'Europe/Berlin');
    expect(spring.periods).toHaveLength(23);
    const autumn = periodsOf('2025-10-26', '2025-10-26', 'hour', 'Europe/Berlin');
    expect(autumn.periods).toHaveLength(25);
    const labels = reportRows(autumn.periods, [], 'hour', 'Europe/Berlin').map((row) => row.label);
    expect(labels.slice(2, 4)).toEqual(['2025-10-26 02:00 +02:00', '2025-10-26 02:00 +01:00']);
    const days = periodsOf('2025-10-25', '2025-10-27', 'day', 'Europe/Berlin');
    expect(days.periods.map((period) => (period.end - period.start) / HOUR)).toEqual([24, 25, 24]);
    expect(periodsOf('2025-10-26', '2025-10-26', 'raw', 'Europe/Berlin').periods).toHaveLength(100);
  });

  it('starts Kolkata’s days at 18:30 UTC and New York’s at 04:00 or 05:00 UTC', () => {
    const kolkata = periodsOf('2025-07-01', '2025-07-02', 'day', 'Asia/Kolkata');
    expect(kolkata.periods.map((period) => formatUtcInstant(period.start))).toEqual([
      '2025-06-30T18:30:00Z',
      '2025-07-01T18:30:00Z',
    ]);
    const newYork = periodsOf('2025-11-01', '2025-11-03', 'day', 'America/New_York');
    expect(newYork.periods.map((period) => formatUtcInstant(period.start))).toEqual([
      '2025-11-01T04:00:00Z',
      '2025-11-02T04:00:00Z',
      '2025-11-03T05:00:00Z',
    ]);
  });

  it('labels a week across the year boundary with its ISO week, and keeps its calendar bounds', () => {
    const weeks = periodsOf('2024-12-31', '2025-01-02', 'week', 'Europe/Berlin');
    expect(weeks.periods).toHaveLength(1);
    expect(formatUtcInstant(weeks.periods[0]!.start)).toBe('2024-12-29T23:00:00Z'); // Monday 2024-12-30
    expect(reportRows(weeks.periods, [], 'week', 'Europe/Berlin')[0]!.label).toBe('2025-W01');
    const months = periodsOf('2025-08-10', '2025-09-02', 'month', 'UTC');
    expect(reportRows(months.periods, [], 'month', 'UTC').map((row) => row.label)).toEqual([
      '2025-08',
      '2025-09',
    ]);
  });

  it('finds periods without records as gaps, in runs, never as zeros', () => {
    const { start, end, periods } = periodsOf('2025-08-10', '2025-08-14', 'day', 'Europe/Berlin');
    const records = periods
      .filter((_, index) => index !== 2 && index !== 3)
      .map((period, index) => record(period.start, period.end, index === 0 ? 0 : 10.5, 96));
    const rows = reportRows(periods, records, 'day', 'Europe/Berlin');
    expect(rows.map((row) => row.energyKwh)).toEqual([0, 10.5, null, null, 10.5]);
    const summary = summarise(rows, start, end);
    expect(summary.gapPeriods).toBe(2);
    expect(summary.gaps).toHaveLength(1);
    expect([summary.gaps[0]!.first.label, summary.gaps[0]!.last.label]).toEqual(['2025-08-12', '2025-08-13']);
    expect(summary.gaps[0]!.firstIndex).toBe(2);
    expect(summary.totalKwh).toBe(21);
    expect(summary.peak!.label).toBe('2025-08-11');
    expect(summary.hoursWithData).toBe(72);
    expect(capacityFactor(summary, 1)).toBeCloseTo(21 / 72, 10);
    expect(capacityFactor(summary, null)).toBeNull();
  });

  it('sums exactly in Wh and switches to MWh from 1,000 kWh', () => {
    const periods = [
      { start: 0, end: HOUR },
      { start: HOUR, end: 2 * HOUR },
      { start: 2 * HOUR, end: 3 * HOUR },
    ];
    const rows = reportRows(
      periods,
      periods.map((p) => record(p.start, p.end, 0.1)),
      'hour',
      'UTC',
    );
    expect(summarise(rows, 0, 3 * HOUR).totalKwh).toBe(0.3);
    expect(energyUnit(999.999).unit).toBe('kWh');
    expect(energyUnit(1000)).toEqual({ unit: 'MWh', factor: 0.001 });
  });
});

/**
 * Records as the sandbox aggregates C1000's seed: one value every 15 minutes, none on 2025-08-12 in
 * Europe/Berlin, summed per period of the zone (a period cut by the range counts the values inside).
 */
function seedRecords(from: string, to: string, aggregation: 'day' | 'hour' | 'week' | 'month', zone: string) {
  const { start, end, periods } = periodsOf(from, to, aggregation, zone);
  const gapStart = at('2025-08-11T22:00:00Z');
  const gapEnd = at('2025-08-12T22:00:00Z');
  const records = periods.flatMap((period) => {
    let count = 0;
    for (let slot = Math.max(period.start, start); slot < Math.min(period.end, end); slot += HOUR / 4)
      if (slot < gapStart || slot >= gapEnd) count++;
    return count ? [record(period.start, period.end, 0, count)] : [];
  });
  return { start, end, periods, records };
}

const PAST = at('2026-11-24T00:00:00Z');

describe('complete, incomplete, gap, not yet delivered', () => {
  it('shows UTC’s 2025-08-12 as incomplete with 8 of 96 values (and the 11th with 88), not as normal days', () => {
    const { start, end, periods, records } = seedRecords('2025-08-10', '2025-08-14', 'day', 'UTC');
    const rows = reportRows(periods, records, 'day', 'UTC', {
      rangeStart: start,
      rangeEnd: end,
      resolutionMs: 15 * 60_000,
      now: PAST,
    });
    expect(rows.map((row) => [row.label, row.sampleCount, row.expected, row.status])).toEqual([
      ['2025-08-10', 96, 96, 'complete'],
      ['2025-08-11', 88, 96, 'incomplete'], // Berlin's gap day begins at 22:00 UTC
      ['2025-08-12', 8, 96, 'incomplete'], // and ends at 22:00 UTC

      ['2025-08-13', 96, 96, 'complete'],
      ['2025-08-14', 96, 96, 'complete'],
    ]);
    const summary = summarise(rows, start, end);
    expect(summary.incompletePeriods).toBe(2);
    expect(summary.incomplete.map((run) => run.first.label)).toEqual(['2025-08-11', '2025-08-12']);
    expect(summary.gapPeriods).toBe(0);
    expect([summary.valuesHeld, summary.valuesExpected]).toEqual([384, 480]);
    expect(completeness(summary)).toBe(0.8);
  });

  it('shows New York’s 2025-08-12 with 24 of 96 values and Berlin’s as a gap', () => {
    const newYork = seedRecords('2025-08-10', '2025-08-14', 'day', 'America/New_York');
    const rows = reportRows(newYork.periods, newYork.records, 'day', 'America/New_York', {
      rangeStart: newYork.start,
      rangeEnd: newYork.end,
      resolutionMs: 15 * 60_000,
      now: PAST,
    });
    expect([rows[2]!.sampleCount, rows[2]!.expected, rows[2]!.status]).toEqual([24, 96, 'incomplete']);
    expect(rows[1]!.status).toBe('incomplete'); // 2025-08-11 NY ends 04:00 UTC on the 12th: 72 of 96
    expect(rows[1]!.sampleCount).toBe(72);
    const berlin = seedRecords('2025-08-10', '2025-08-14', 'day', 'Europe/Berlin');
    const berlinRows = reportRows(berlin.periods, berlin.records, 'day', 'Europe/Berlin', {
      rangeStart: berlin.start,
      rangeEnd: berlin.end,
      resolutionMs: 15 * 60_000,
      now: PAST,
    });
    expect(berlinRows.map((row) => row.status)).toEqual([
      'complete',
      'complete',
      'gap',
      'complete',
      'complete',
    ]);
    const summary = summarise(berlinRows, berlin.start, berlin.end);
    expect([summary.gapPeriods, summary.incompletePeriods]).toEqual([1, 0]);
  });

  it('expects only the values inside the range of a period the range cuts, and 92 on the spring day', () => {
    const week = seedRecords('2025-08-07', '2025-08-10', 'week', 'Europe/Berlin');
    const rows = reportRows(week.periods, week.records, 'week', 'Europe/Berlin', {
      rangeStart: week.start,
      rangeEnd: week.end,
      resolutionMs: 15 * 60_000,
      now: PAST,
    });
    expect(rows.map((row) => [row.label, row.sampleCount, row.expected, row.status])).toEqual([
      ['2025-W32', 384, 384, 'complete'],
    ]);
    const spring = seedRecords('2025-03-30', '2025-03-30', 'day', 'Europe/Berlin');
    const springRows = reportRows(spring.periods, spring.records, 'day', 'Europe/Berlin');
    expect([springRows[0]!.sampleCount, springRows[0]!.expected, springRows[0]!.status]).toEqual([
      92,
      92,
      'complete',
    ]);
  });

  it('calls periods in the future or within the last two days not yet delivered, not gaps', () => {
    const { start, end, periods, records } = seedRecords('2025-08-10', '2025-08-14', 'day', 'Europe/Berlin');
    // "Now" 2025-08-13 12:00 Berlin; the API answered with values up to 2025-08-13 06:00 only.
    const now = at('2025-08-13T10:00:00Z');
    const delivered = records.map((one) =>
      Date.parse(one.start) === at('2025-08-12T22:00:00Z') ? { ...one, sample_count: 32 } : one,
    );
    const rows = reportRows(
      periods,
      delivered.filter((one) => Date.parse(one.start) < now),
      'day',
      'Europe/Berlin',
      { rangeStart: start, rangeEnd: end, resolutionMs: 15 * 60_000, now },
    );
    expect(rows.map((row) => row.status)).toEqual([
      'complete',
      'complete',
      'not-yet-delivered', // no values, but only a day ago: they may still come
      'not-yet-delivered', // today: 32 of 96 so far
      'not-yet-delivered', // tomorrow
    ]);
    const summary = summarise(rows, start, end);
    expect([summary.gapPeriods, summary.incompletePeriods, summary.notYetDeliveredPeriods]).toEqual([
      0, 0, 3,
    ]);
    expect(summary.notYetDelivered).toHaveLength(1);
    // Completeness counts the due periods only.
    expect([summary.valuesHeld, summary.valuesExpected]).toEqual([192, 192]);
  });
});

describe('report CSV and downsampling', () => {
  it('writes one row per API record with local times and their offsets', () => {
    const rows = csvRows(
      [
        record(at('2025-10-26T00:00:00Z'), at('2025-10-26T01:00:00Z'), 12.345, 4),
        record(at('2025-10-26T01:00:00Z'), at('2025-10-26T02:00:00Z'), 0, 4),
      ],
      'Europe/Berlin',
    );
    expect(CSV_HEADER.join(',')).toBe('start_utc,end_utc,start_local,end_local,energy_kwh,sample_count');
    expect(rows).toEqual([
      [
        '2025-10-26T00:00:00Z',
        '2025-10-26T01:00:00Z',
        '2025-10-26T02:00:00+02:00',
        '2025-10-26T02:00:00+01:00',
        12.345,
        4,
      ],
      [
        '2025-10-26T01:00:00Z',
        '2025-10-26T02:00:00Z',
        '2025-10-26T02:00:00+01:00',
        '2025-10-26T03:00:00+01:00',
        0,
        4,
      ],
    ]);
    expect(
      exportFileName({
        user: 'P1000',
        contract: 'C1000',
        from: '2025-08-10',
        to: '2025-08-14',
        aggregation: 'day',
        timeZone: 'Etc/GMT+1',
      }),
    ).toBe('feed-in_P1000_C1000_2025-08-10_2025-08-14_day_Etc-GMT+1');
  });
});

describe('specific yield', () => {
  it('is energy per kW of nameplate power, and none without either', () => {
    expect(specificYield(1234.5, 10)).toBeCloseTo(123.45);
    expect(specificYield(null, 10)).toBeNull();
    expect(specificYield(12, null)).toBeNull();
    expect(specificYield(12, 0)).toBeNull();
  });
});

describe('periods cut by the range (partial)', () => {
  const completeness = (start: number, end: number) => ({
    rangeStart: start,
    rangeEnd: end,
    resolutionMs: 15 * 60_000,
    now: PAST,
  });

  it('marks January and February of a 15 Jan – 10 Feb 2025 month report partial, with the hours inside', () => {
    const { start, end, periods, records } = seedRecords(
      '2025-01-15',
      '2025-02-10',
      'month',
      'Europe/Berlin',
    );
    const rows = reportRows(periods, records, 'month', 'Europe/Berlin', completeness(start, end));
    expect(
      rows.map((row) => [row.label, coveredHours(row), row.sampleCount, row.expected, row.status]),
    ).toEqual([
      ['2025-01', 17 * 24, 17 * 96, 17 * 96, 'complete'],
      ['2025-02', 10 * 24, 10 * 96, 10 * 96, 'complete'],
    ]);
    expect(rows.map((row) => row.cut)).toEqual([
      { start, end: at('2025-01-31T23:00:00Z') },
      { start: at('2025-01-31T23:00:00Z'), end },
    ]);
  });

  it('names no peak when every period is partial, and says how many were left out', () => {
    const { start, end, periods } = seedRecords('2025-01-15', '2025-02-10', 'month', 'Europe/Berlin');
    const records = periods.map((period, index) => record(period.start, period.end, 100 + index, 96));
    const summary = summarise(
      reportRows(periods, records, 'month', 'Europe/Berlin', completeness(start, end)),
      start,
      end,
    );
    expect(summary.peak).toBeNull();
    expect(summary.lowest).toBeNull();
    expect(summary.partialWithData).toBe(2);
    // The total still holds the partial periods' energy: it is the range's.
    expect(summary.totalKwh).toBe(201);
  });

  it('ends a 2025 week report with 2026-W01 partial (29–31 Dec) and takes the peak among whole weeks', () => {
    const { start, end, periods } = seedRecords('2025-01-01', '2025-12-31', 'week', 'Europe/Berlin');
    // The partial weeks hold the most energy: neither is the peak.
    const records = periods.map((period, index) =>
      record(period.start, period.end, index === 0 || index === periods.length - 1 ? 900 : index, 96),
    );
    const rows = reportRows(periods, records, 'week', 'Europe/Berlin', completeness(start, end));
    const last = rows.at(-1)!;
    expect([last.label, coveredHours(last), last.cut?.start]).toEqual([
      '2026-W01',
      3 * 24,
      at('2025-12-28T23:00:00Z'),
    ]);
    expect(rows[0]!.cut).not.toBeNull();
    expect(rows.slice(1, -1).every((row) => row.cut === null)).toBe(true);
    const summary = summarise(rows, start, end);
    expect(summary.peak!.label).toBe(rows.at(-2)!.label);
    expect(summary.lowest!.label).toBe('2025-W02');
  });
});
