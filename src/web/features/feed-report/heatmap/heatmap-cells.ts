import { addDays, toUtcDate, type IsoDate } from '../../../../contract/calendar-date.ts';
import { MARKET_RESOLUTION_MS, type PeriodStatus } from '../../../../contract/feed-completeness.ts';
import { offsetMsAt, startOfLocalDate } from '../../../../contract/time-zone-periods.ts';
import type { DateRange } from '../data/report-range.ts';
import type { ReportRow } from '../data/report-rows.ts';

/** Quarter hours of a 24-hour wall-clock day: the heatmap's columns. */
export const HEATMAP_COLUMNS = 96;

/**
 * Where a cell sits on its day's wall clock. On the autumn day the repeated hour's quarter hours share
 * their columns: the first (summer time) drawn in the upper half, the second (winter time) in the lower.
 */
export type CellPart = 'whole' | 'first' | 'second';

export interface HeatmapCell {
  /** Position of the value in the raw rows. */
  row: number;
  /** Quarter hour of the local wall clock (0 = 00:00–00:15). */
  column: number;
  part: CellPart;
}

export interface HeatmapDay {
  date: IsoDate;
  start: number;
  end: number;
  /** 96 cells; 92 on the spring day (its skipped hour has none), 100 on the autumn day. */
  cells: HeatmapCell[];
}

export interface HeatmapLayout {
  days: HeatmapDay[];
  /** Columns one cell covers: 1 for 15-minute values, 4 for hourly ones. */
  span: number;
}

/**
 * The raw rows (one per interval of the resolution, in time order) laid out as one row of cells per local
 * day of the range, each cell in the column of its wall-clock quarter hour. Days of one offset are the
 * common case and cost no offset look-up per cell; a day whose offset changes places each cell by its
 * own offset, so the skipped spring hour stays empty and the repeated autumn hour is drawn twice.
 */
export function heatmapLayout(
  rows: readonly ReportRow[],
  range: DateRange,
  timeZone: string,
  resolutionMs = MARKET_RESOLUTION_MS,
): HeatmapLayout {
  const span = Math.max(1, Math.round(resolutionMs / MARKET_RESOLUTION_MS));
  const days: HeatmapDay[] = [];
  let index = 0;
  for (let date = range.from, start = startOfLocalDate(date, timeZone); date <= range.to;) {
    const next = addDays(date, 1);
    const end = startOfLocalDate(next, timeZone);
    const startOffset = offsetMsAt(start, timeZone);
    const steady = startOffset === offsetMsAt(end - 1, timeZone);
    // The date's midnight as if the wall clock were UTC: a cell's column is its wall time from there (a
    // zone that skips midnight itself starts the day at 01:00, in column 4).
    const wallMidnight = toUtcDate(date).getTime();
    const cells: HeatmapCell[] = [];
    const byColumn = new Map<number, HeatmapCell>();
    while (index < rows.length && rows[index]!.start < end) {
      const instant = rows[index]!.start;
      const offset = steady ? startOffset : offsetMsAt(instant, timeZone);
      const column = Math.floor((instant + offset - wallMidnight) / MARKET_RESOLUTION_MS);
      const cell: HeatmapCell = { row: index, column, part: 'whole' };
      const earlier = steady ? undefined : byColumn.get(column);
      if (earlier) {
        earlier.part = 'first';
        cell.part = 'second';
      } else if (!steady) byColumn.set(column, cell);
      cells.push(cell);
      index++;
    }
    days.push({ date, start, end, cells });
    date = next;
    start = end;
  }
  return { days, span };
}

/** One heatmap row for the table and the Excel file: a day with its energy, peak and values. */
export interface HeatmapDayRow extends ReportRow {
  /** The quarter hour with the most energy, or null when the day holds no value. */
  peak: ReportRow | null;
}

function dayStatus(cells: readonly HeatmapCell[], rows: readonly ReportRow[]): PeriodStatus {
  let held = 0;
  let expected = 0;
  for (const { row } of cells) {
    const value = rows[row]!;
    if (value.status === 'not-yet-delivered') return 'not-yet-delivered';
    held += Math.min(value.sampleCount, value.expected);
    expected += value.expected;
  }
  if (held === 0) return 'gap';
  return held < expected ? 'incomplete' : 'complete';
}

/**
 * Per day: its hours (23, 24, 25), energy (null without any value, never 0), peak quarter hour and values
 * held of those expected — what a reader compares between the heatmap's rows, in a table of at most a
 * year's 366 rows rather than 35,040.
 */
export function heatmapDayRows(layout: HeatmapLayout, rows: readonly ReportRow[]): HeatmapDayRow[] {
  return layout.days.map((day) => {
    let energyWh = 0;
    let valued = 0;
    let sampleCount = 0;
    let expected = 0;
    let peak: ReportRow | null = null;
    for (const { row } of day.cells) {
      const value = rows[row]!;
      sampleCount += value.sampleCount;
      expected += value.expected;
      if (value.energyKwh === null) continue;
      energyWh += Math.round(value.energyKwh * 1000);
      valued++;
      if (!peak || value.energyKwh > peak.energyKwh!) peak = value;
    }
    return {
      start: day.start,
      end: day.end,
      label: day.date,
      energyKwh: valued === 0 ? null : energyWh / 1000,
      sampleCount,
      expected,
      status: dayStatus(day.cells, rows),
      // The heatmap's range is whole days: a day is never cut.
      cut: null,
      peak,
    };
  });
}

export interface Heatmap {
  layout: HeatmapLayout;
  dayRows: HeatmapDayRow[];
}

// Per raw rows array (the report view's cached one): a switch to the heatmap, warmed while the browser was
// idle, draws without laying out 35,040 cells again (~9 ms of a year's switch).
const heatmaps = new WeakMap<readonly ReportRow[], Map<string, Heatmap>>();

/** The heatmap's layout and day rows of raw rows in a range and zone, computed once for each. */
export function heatmapOf(
  rows: readonly ReportRow[],
  range: DateRange,
  timeZone: string,
  resolutionMs: number,
): Heatmap {
  const key = `${range.from}/${range.to}/${timeZone}/${resolutionMs}`;
  let known = heatmaps.get(rows);
  if (!known) heatmaps.set(rows, (known = new Map()));
  let heatmap = known.get(key);
  if (!heatmap) {
    const layout = heatmapLayout(rows, range, timeZone, resolutionMs);
    heatmap = { layout, dayRows: heatmapDayRows(layout, rows) };
    known.set(key, heatmap);
  }
  return heatmap;
}

// viridis at nine stops: dark to light in both themes, readable with the common colour-vision deficiencies,
// and ordered in lightness, so it prints in grey too.
const VIRIDIS: readonly (readonly [number, number, number])[] = [
  [0x44, 0x01, 0x54],
  [0x47, 0x2d, 0x7b],
  [0x3b, 0x52, 0x8b],
  [0x2c, 0x72, 0x8e],
  [0x21, 0x91, 0x8c],
  [0x28, 0xae, 0x80],
  [0x5e, 0xc9, 0x62],
  [0xad, 0xdc, 0x30],
  [0xfd, 0xe7, 0x25],
];

/** The scale's colour at `share` (0 = none, 1 = the largest value), as red, green and blue. */
export function scaleColour(share: number): [number, number, number] {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  const position = clamped * (VIRIDIS.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(VIRIDIS.length - 1, lower + 1);
  const weight = position - lower;
  const [r1, g1, b1] = VIRIDIS[lower]!;
  const [r2, g2, b2] = VIRIDIS[upper]!;
  return [
    Math.round(r1 + (r2 - r1) * weight),
    Math.round(g1 + (g2 - g1) * weight),
    Math.round(b1 + (b2 - b1) * weight),
  ];
}
