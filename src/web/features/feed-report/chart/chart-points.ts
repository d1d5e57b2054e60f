import { inUnit, type EnergyUnit, type ReportRow } from '../data/report-rows.ts';
import { maxColumns, minMaxColumns, type ChartPoint } from './pixel-columns.ts';

/** Bars narrower than this are drawn as one area of each pixel column's highest value. */
const DENSE_BAR_PX = 3;

/** The column (0 … columns − 1) of an instant in [first, last]. */
const timeColumn = (instant: number, first: number, last: number, columns: number) =>
  last > first ? Math.min(columns - 1, Math.floor(((instant - first) / (last - first)) * columns)) : 0;

/**
 * A raw series as drawn: every value where the plot has room for them, else the lowest and highest of each
 * pixel column (gaps kept), whatever the values' count.
 */
export function linePoints(
  rows: readonly ReportRow[],
  valueOf: (index: number) => number | null,
  columns: number,
): ChartPoint[] {
  if (rows.length <= columns * 2) return rows.map((row, index) => ({ x: row.start, value: valueOf(index) }));
  const first = rows[0]!.start;
  const last = rows.at(-1)!.start;
  return minMaxColumns({
    count: rows.length,
    columnOf: (index) => timeColumn(rows[index]!.start, first, last, columns),
    xOf: (index) => rows[index]!.start,
    valueOf,
  });
}

/** Whether bars of this many periods are too narrow to draw one by one. */
export const denseBars = (periods: number, plotWidth: number) => periods * DENSE_BAR_PX > plotWidth;

interface Drawn {
  /** The comparison the points were made with; a raw series' own points do not depend on it. */
  compareRows: readonly ReportRow[] | null;
  factor: number;
  columns: number;
  points: ChartPoint[];
}

// The points drawn for a set of rows (the report view's cached array), kept with it: going back to a
// view redraws without reducing 35,040 rows again.
const drawnPoints = new WeakMap<readonly ReportRow[], Drawn>();

/**
 * The points the chart draws for `rows`: a raw series reduced to each pixel column's lowest and highest
 * value, bars one per period or, too narrow for that, each column's highest (with the comparison's).
 */
export function chartPoints(
  rows: readonly ReportRow[],
  compareRows: readonly ReportRow[] | null,
  isRaw: boolean,
  unit: EnergyUnit,
  columns: number,
): ChartPoint[] {
  const known = drawnPoints.get(rows);
  if (
    known &&
    // A raw comparison is a line of its own (compareLinePoints): turning it on or off keeps these.
    (isRaw || known.compareRows === compareRows) &&
    known.factor === unit.factor &&
    known.columns === columns
  )
    return known.points;
  const valueOf = (index: number) => inUnit(rows[index]!.energyKwh, unit);
  // Bars overlay the comparison in the same data.
  const compareOf = compareRows ? (index: number) => inUnit(compareRows[index]?.energyKwh, unit) : undefined;
  let points: ChartPoint[];
  if (isRaw) points = linePoints(rows, valueOf, columns);
  else if (denseBars(rows.length, columns))
    points = maxColumns(
      {
        count: rows.length,
        columnOf: (index) => Math.floor((index * columns) / rows.length),
        xOf: (index) => index,
        valueOf,
      },
      compareOf,
    );
  else
    points = rows.map((row, index) => ({
      x: index,
      value: valueOf(index),
      ...(compareOf ? { compare: compareOf(index) } : {}),
    }));
  drawnPoints.set(rows, { compareRows, factor: unit.factor, columns, points });
  return points;
}

// A raw comparison's line, kept with the compared rows: compare off and on again draws it without
// reducing a year of values again.
const compareLines = new WeakMap<
  readonly ReportRow[],
  Omit<Drawn, 'compareRows'> & { rows: readonly ReportRow[] }
>();

/** A raw comparison's line: its values period by period on this range's time axis, reduced on their own. */
export function compareLinePoints(
  rows: readonly ReportRow[],
  compareRows: readonly ReportRow[],
  unit: EnergyUnit,
  columns: number,
): ChartPoint[] {
  const known = compareLines.get(compareRows);
  if (known && known.rows === rows && known.factor === unit.factor && known.columns === columns)
    return known.points;
  const points = linePoints(rows, (index) => inUnit(compareRows[index]?.energyKwh, unit), columns);
  compareLines.set(compareRows, { rows, factor: unit.factor, columns, points });
  return points;
}
