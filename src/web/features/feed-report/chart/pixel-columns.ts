/**
 * One value per pixel column, as uPlot and Grafana draw dense series: a chart of 35,040 values on 1,000
 * pixels draws about 2,000 points, and still shows every peak and trough and every gap.
 */

/** A point the chart draws: `value` null is a gap (the line or area breaks there, never drops to zero). */
export interface ChartPoint {
  x: number;
  value: number | null;
  compare?: number | null;
}

export interface Series {
  count: number;
  /** The pixel column (0 … columns − 1) of the i-th value. */
  columnOf: (index: number) => number;
  xOf: (index: number) => number;
  valueOf: (index: number) => number | null;
}

/**
 * A line's points: in each column the lowest and the highest value in their order, so the line covers
 * the column's whole range; a gap stays one null point where it lies, so the line breaks there.
 */
export function minMaxColumns({ count, columnOf, xOf, valueOf }: Series): ChartPoint[] {
  const points: ChartPoint[] = [];
  let column = -1;
  let lowest = -1;
  let highest = -1;
  let low = 0;
  let high = 0;
  const flush = () => {
    if (lowest < 0) return;
    const first = Math.min(lowest, highest);
    const second = Math.max(lowest, highest);
    points.push({ x: xOf(first), value: first === lowest ? low : high });
    if (second !== first) points.push({ x: xOf(second), value: second === lowest ? low : high });
    lowest = highest = -1;
  };
  for (let index = 0; index < count; index++) {
    const value = valueOf(index);
    const at = columnOf(index);
    if (at !== column) {
      flush();
      column = at;
    }
    if (value === null) {
      flush();
      if (points.at(-1)?.value !== null) points.push({ x: xOf(index), value: null });
      continue;
    }
    if (lowest < 0 || value < low) [lowest, low] = [index, value];
    if (highest < 0 || value > high) [highest, high] = [index, value];
  }
  flush();
  return points;
}

/**
 * Bars' points: per column the highest value (a bar's top; the bars below it are covered by it) at the
 * position of the period that has it, so the tooltip names that period; a column without values is a gap.
 * `compareOf` gives the compared range's value of the same period, its column maximum drawn alongside.
 */
export function maxColumns(series: Series, compareOf?: (index: number) => number | null): ChartPoint[] {
  const { count, columnOf, xOf, valueOf } = series;
  const points: ChartPoint[] = [];
  let column = -1;
  let point: ChartPoint | null = null;
  for (let index = 0; index < count; index++) {
    const at = columnOf(index);
    if (at !== column || !point) {
      if (point) points.push(point);
      column = at;
      point = { x: xOf(index), value: null, ...(compareOf ? { compare: null } : {}) };
    }
    const value = valueOf(index);
    if (value !== null && (point.value === null || point.value === undefined || value > point.value)) {
      point.value = value;
      point.x = xOf(index);
    }
    const compare = compareOf?.(index) ?? null;
    if (compare !== null && (point.compare == null || compare > point.compare)) point.compare = compare;
  }
  if (point) points.push(point);
  return points;
}
