import { describe, expect, it } from 'vitest';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import { formatUtcInstant } from '../../../../contract/time-zone-periods.ts';
import { heatmapDayRows, heatmapLayout, heatmapOf, scaleColour, type HeatmapDay } from './heatmap-cells.ts';
import { rangeInstants, type DateRange } from '../data/report-range.ts';
import { rangePeriods, reportRows } from '../data/report-rows.ts';

const QUARTER = 900_000;
const NOW = Date.parse('2030-01-01T00:00:00Z');

/** Raw rows of the range with a value in every quarter hour except those `missing` says. */
function rawRows(range: DateRange, zone: string, missing: (start: number) => boolean = () => false) {
  const { start, end } = rangeInstants(range, zone);
  const periods = rangePeriods(start, end, 'raw', zone);
  const records: FeedRecord[] = periods
    .filter((period) => !missing(period.start))
    .map((period, index) => ({
      start: formatUtcInstant(period.start),
      end: formatUtcInstant(period.end),
      energy_kwh: (index % 7) + 0.25,
      sample_count: 1,
    }));
  return reportRows(periods, records, 'raw', zone, {
    rangeStart: start,
    rangeEnd: end,
    resolutionMs: QUARTER,
    now: NOW,
  });
}

const columnsOf = (day: HeatmapDay) => day.cells.map((cell) => cell.column);

describe('heatmap cells', () => {
  it('gives Berlin’s spring day 92 cells with no cell in the skipped hour 02:00–03:00', () => {
    const range = { from: '2025-03-29', to: '2025-03-31' };
    const rows = rawRows(range, 'Europe/Berlin');
    const { days, span } = heatmapLayout(rows, range, 'Europe/Berlin');
    expect(span).toBe(1);
    expect(days.map((day) => day.cells.length)).toEqual([96, 92, 96]);
    const spring = columnsOf(days[1]!);
    expect(spring.slice(6, 10)).toEqual([6, 7, 12, 13]); // 01:30, 01:45, then 03:00
    expect(days[1]!.cells.every((cell) => cell.part === 'whole')).toBe(true);
    expect(columnsOf(days[0]!)).toEqual([...Array(96).keys()]);
  });

  it('gives the autumn day 100 cells: the repeated hour’s quarter hours share columns 8–11, halves apart', () => {
    const range = { from: '2025-10-26', to: '2025-10-26' };
    const rows = rawRows(range, 'Europe/Berlin');
    const [day] = heatmapLayout(rows, range, 'Europe/Berlin').days;
    expect(day!.cells).toHaveLength(100);
    const inColumn8 = day!.cells.filter((cell) => cell.column === 8);
    expect(inColumn8.map((cell) => [rows[cell.row]!.label, cell.part])).toEqual([
      ['2025-10-26 02:00 +02:00', 'first'],
      ['2025-10-26 02:00 +01:00', 'second'],
    ]);
    expect(day!.cells.at(-1)!.column).toBe(95);
    expect(day!.cells.filter((cell) => cell.part !== 'whole')).toHaveLength(8);
  });

  it('starts Kolkata’s days at 18:30 UTC in column 0 (+05:30 all year)', () => {
    const range = { from: '2025-07-01', to: '2025-07-02' };
    const rows = rawRows(range, 'Asia/Kolkata');
    const { days } = heatmapLayout(rows, range, 'Asia/Kolkata');
    expect(days.map((day) => formatUtcInstant(day.start))).toEqual([
      '2025-06-30T18:30:00Z',
      '2025-07-01T18:30:00Z',
    ]);
    expect(days.map((day) => day.cells.length)).toEqual([96, 96]);
    expect(formatUtcInstant(rows[days[1]!.cells[0]!.row]!.start)).toBe('2025-07-01T18:30:00Z');
  });

  it('places hourly values on four columns each', () => {
    const range = { from: '2025-08-10', to: '2025-08-10' };
    const { start, end } = rangeInstants(range, 'UTC');
    const rows = reportRows(rangePeriods(start, end, 'raw', 'UTC', 4 * QUARTER), [], 'raw', 'UTC');
    const layout = heatmapLayout(rows, range, 'UTC', 4 * QUARTER);
    expect(layout.span).toBe(4);
    expect(columnsOf(layout.days[0]!).slice(0, 3)).toEqual([0, 4, 8]);
  });

  it('sums each day for the table: a day without values is a gap with no energy, never 0', () => {
    const range = { from: '2025-08-11', to: '2025-08-13' };
    const gapDay = rangeInstants({ from: '2025-08-12', to: '2025-08-12' }, 'Europe/Berlin');
    const rows = rawRows(range, 'Europe/Berlin', (start) => start >= gapDay.start && start < gapDay.end);
    const dayRows = heatmapDayRows(heatmapLayout(rows, range, 'Europe/Berlin'), rows);
    expect(dayRows.map((row) => row.label)).toEqual(['2025-08-11', '2025-08-12', '2025-08-13']);
    expect(dayRows.map((row) => row.status)).toEqual(['complete', 'gap', 'complete']);
    expect(dayRows[1]!.energyKwh).toBeNull();
    expect(dayRows[1]!.peak).toBeNull();
    expect(dayRows[1]!.expected).toBe(96);
    const first = rows.slice(0, 96).reduce((sum, row) => sum + Math.round(row.energyKwh! * 1000), 0) / 1000;
    expect(dayRows[0]!.energyKwh).toBe(first);
    expect(dayRows[0]!.peak!.energyKwh).toBe(6.25);
    expect(dayRows[0]!.sampleCount).toBe(96);
  });

  it('marks a day missing some quarter hours incomplete', () => {
    const range = { from: '2025-08-11', to: '2025-08-11' };
    const rows = rawRows(range, 'UTC', (start) => start === Date.parse('2025-08-11T05:00:00Z'));
    const [day] = heatmapDayRows(heatmapLayout(rows, range, 'UTC'), rows);
    expect(day!.status).toBe('incomplete');
    expect([day!.sampleCount, day!.expected]).toEqual([95, 96]);
  });

  it('runs the colour scale from viridis’s dark purple to its yellow, clamping what lies outside', () => {
    expect(scaleColour(0)).toEqual([0x44, 0x01, 0x54]);
    expect(scaleColour(1)).toEqual([0xfd, 0xe7, 0x25]);
    expect(scaleColour(0.5)).toEqual([0x21, 0x91, 0x8c]);
    expect(scaleColour(-1)).toEqual(scaleColour(0));
    expect(scaleColour(Number.NaN)).toEqual(scaleColour(0));
    expect(scaleColour(0.0625)).toEqual([0x46, 0x17, 0x68]);
  });
});

describe('heatmapOf', () => {
  it('lays a range out once per rows array, range and zone, and again for another of them', () => {
    const range = { from: '2025-03-29', to: '2025-03-31' };
    const rows = rawRows(range, 'Europe/Berlin');
    const first = heatmapOf(rows, range, 'Europe/Berlin', QUARTER);
    expect(heatmapOf(rows, range, 'Europe/Berlin', QUARTER)).toBe(first);
    expect(first.layout).toEqual(heatmapLayout(rows, range, 'Europe/Berlin', QUARTER));
    expect(first.dayRows).toEqual(heatmapDayRows(first.layout, rows));
    expect(heatmapOf(rows, { ...range, to: '2025-03-30' }, 'Europe/Berlin', QUARTER)).not.toBe(first);
    expect(heatmapOf([...rows], range, 'Europe/Berlin', QUARTER)).not.toBe(first);
  });
});
