/**
 * Which period of the feed chart lies under the pointer or the keyboard's cursor, and where it is drawn.
 * The plot's x axis is linear: aggregates are periods 0 … n − 1 on [−0.5, n − 0.5], raw values their start
 * instants on [first start, last start] (the same domains the chart gives recharts' x axis).
 */
import type { ReportRow } from '../data/report-rows.ts';
import { firstIndexWhere } from './first-index-where.ts';

/** The plot's horizontal extent in the chart, in pixels. */
export interface PlotSpan {
  left: number;
  width: number;
}

/** The period nearest to a pixel column of the plot (clamped to the first and the last). */
export function periodAt(
  x: number,
  plot: PlotSpan,
  rows: readonly ReportRow[],
  isRaw: boolean,
): number | null {
  if (rows.length === 0 || plot.width <= 0) return null;
  const share = Math.min(1, Math.max(0, (x - plot.left) / plot.width));
  if (!isRaw) return Math.min(rows.length - 1, Math.floor(share * rows.length));
  const first = rows[0]!.start;
  const instant = first + share * (rows.at(-1)!.start - first);
  return nearestIndex(rows.length, (index) => rows[index]!.start, instant);
}

/** Of `count` values in ascending order, the one nearest to `value` (the earlier on a tie). */
function nearestIndex(count: number, valueAt: (index: number) => number, value: number): number {
  // The first at or after the value (the last if none is), then whichever of it and its predecessor is nearer.
  const low = Math.min(
    count - 1,
    firstIndexWhere(count, (index) => valueAt(index) >= value),
  );
  return low > 0 && value - valueAt(low - 1) <= valueAt(low) - value ? low - 1 : low;
}

/** The point whose x lies nearest to `x`, of points in ascending x (a curve's drawn points). */
export function nearestPoint(points: readonly { x: number }[], x: number): number | null {
  return points.length === 0 ? null : nearestIndex(points.length, (index) => points[index]!.x, x);
}

/** Where a period is drawn: the centre of its band (aggregates) or its start (raw values). */
export function periodX(index: number, plot: PlotSpan, rows: readonly ReportRow[], isRaw: boolean): number {
  if (!isRaw) return plot.left + ((index + 0.5) / Math.max(1, rows.length)) * plot.width;
  const first = rows[0]?.start ?? 0;
  const span = (rows.at(-1)?.start ?? 0) - first;
  return plot.left + (span > 0 ? ((rows[index]!.start - first) / span) * plot.width : plot.width / 2);
}

/** The keyboard's cursor after a key: a period with the arrows, ten with Page Up/Down, the ends with Home/End. */
export function movedPeriod(index: number, key: string, count: number): number | null {
  const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const by = step[key];
  if (by === undefined) return null;
  return Math.min(count - 1, Math.max(0, index + by));
}
