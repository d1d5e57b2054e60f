/**
 * A chart's series as SVG path data: one `<path>` per series, however many points, as uPlot draws one
 * canvas path. Recharts' own `<Line>`, `<Area>` and `<Bar>` build several objects per point on every redraw
 * (animation matching, label entries, a rectangle element per bar: 30–45 ms of a raw year compared), so the
 * feed chart lets recharts draw the axes, grid and marked areas and draws its series from these.
 */
import type { ChartPoint } from './pixel-columns.ts';

/** A data value to a pixel coordinate. */
export type Scale = (value: number) => number;

/** Coordinates to a tenth of a pixel: finer is invisible and only lengthens the path. */
const px = (value: number) => Math.round(value * 10) / 10;

type ValueOf = (point: ChartPoint) => number | null | undefined;

/**
 * A line through the points, broken at every gap (a null value), never bridged; as `steps` it holds each
 * value until the next point's x, then steps to its value (a duration curve).
 */
export function linePath(
  points: readonly ChartPoint[],
  valueOf: ValueOf,
  x: Scale,
  y: Scale,
  { steps = false } = {},
): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    const value = valueOf(point);
    if (value == null) {
      drawing = false;
      continue;
    }
    const [atX, atY] = [px(x(point.x)), px(y(value))];
    if (!drawing) path += `M${atX},${atY}`;
    else path += steps ? `H${atX}V${atY}` : `L${atX},${atY}`;
    drawing = true;
  }
  return path;
}

/** The area under the points down to zero: one closed shape per run of values between gaps. */
export function areaPath(points: readonly ChartPoint[], valueOf: ValueOf, x: Scale, y: Scale): string {
  const base = px(y(0));
  let path = '';
  let runStart: number | null = null;
  let lastX = 0;
  for (const point of points) {
    const value = valueOf(point);
    if (value == null) {
      if (runStart !== null) path += `L${lastX},${base}Z`;
      runStart = null;
      continue;
    }
    lastX = px(x(point.x));
    if (runStart === null) {
      runStart = lastX;
      path += `M${lastX},${base}`;
    }
    path += `L${lastX},${px(y(value))}`;
  }
  if (runStart !== null) path += `L${lastX},${base}Z`;
  return path;
}

/** A bar: its period's position on the x axis and its value (null: no bar). */
export interface BarValue {
  x: number;
  value: number | null | undefined;
}

/**
 * Bars `width` pixels wide, their centres `offset` pixels from their period's position, each from the
 * zero line to its value (upwards or downwards); a bar of no height is drawn as none.
 */
export function barsPath(
  bars: readonly BarValue[],
  width: number,
  offset: number,
  x: Scale,
  y: Scale,
): string {
  const base = px(y(0));
  let path = '';
  for (const bar of bars) {
    if (bar.value == null) continue;
    const top = px(y(bar.value));
    if (top === base) continue;
    path += `M${px(x(bar.x) + offset - width / 2)},${base}V${top}h${width}V${base}Z`;
  }
  return path;
}

/** The value axis's extent over the series: from zero (or below, for negative values) to the largest. */
export function valueExtent(points: readonly ChartPoint[], ...valueOfs: ValueOf[]): [number, number] {
  let low = 0;
  let high = 0;
  for (const point of points)
    for (const valueOf of valueOfs) {
      const value = valueOf(point);
      if (value == null) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  return [low, high];
}
