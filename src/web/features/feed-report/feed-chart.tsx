import { formatNumber } from '../../lib/format.ts';
import { plural, t } from '@lingui/core/macro';
import { createLTTB } from 'downsample/methods/LTTB';
import { forwardRef, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AggregationType } from '../../../contract/api/feed.ts';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { COMPACT_BELOW_PX, labelsThatFit, tickIndexes, tickLabel, type TickStyle } from './chart-ticks.ts';
import { statusText, valuesText } from './completeness-text.ts';
import type { EnergyUnit, PeriodRun, ReportRow } from './report-rows.ts';

/** The hatch of incomplete periods (one chart per page; kept in the SVG, so the PNG keeps it too). */
const HATCH_ID = 'feed-incomplete-hatch';
const MARKER_HATCH_ID = 'feed-incomplete-marker';

const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const VALUE_AXIS_PX = 64;

/** Raw series longer than this are drawn through LTTB; the table and the CSV keep every value. */
export const MAX_DRAWN_POINTS = 2000;

interface Point {
  x: number;
  value: number | null;
  compare?: number | null;
}

const scaled = (kwh: number | null | undefined, unit: EnergyUnit) => (kwh == null ? null : kwh * unit.factor);

type ValuedPoint = Point & { value: number };
const hasValue = (point: Point): point is ValuedPoint => point.value !== null;

const lttb = createLTTB<ValuedPoint>({ x: 'x', y: 'value' });

/**
 * LTTB per stretch of values (a gap stays a gap: one null point between stretches), each stretch given
 * its share of the points.
 */
export function downsampleWithGaps(points: readonly Point[], target: number): Point[] {
  if (points.length <= target) return [...points];
  const stretches: ValuedPoint[][] = [];
  let current: ValuedPoint[] = [];
  for (const point of points) {
    if (!hasValue(point)) {
      if (current.length > 0) stretches.push(current);
      current = [];
    } else current.push(point);
  }
  if (current.length > 0) stretches.push(current);
  const valued = stretches.reduce((sum, stretch) => sum + stretch.length, 0);
  const result: Point[] = [];
  stretches.forEach((stretch, index) => {
    if (index > 0) result.push({ x: stretch[0]!.x - 1, value: null });
    const share = Math.max(3, Math.round((target * stretch.length) / valued));
    const kept = stretch.length <= share ? stretch : Array.from(lttb(stretch, share));
    result.push(...kept);
  });
  return result;
}

export interface ChartColors {
  series: string;
  compare: string;
  gap: string;
  pending: string;
  text: string;
  grid: string;
  background: string;
}

const darkScheme = () => window.matchMedia('(prefers-color-scheme: dark)');
function subscribeScheme(listener: () => void) {
  const query = darkScheme();
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** The theme's colours as values (not `var()`), so an exported PNG keeps them. */
export function useChartColors(): ChartColors {
  const dark = useSyncExternalStore(subscribeScheme, () => darkScheme().matches);
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    return {
      series: read('--accent', '#1f6f4a'),
      compare: dark ? '#d2a8ff' : '#8250df',
      gap: read('--invalid', '#b3261e'),
      pending: read('--muted', '#57606a'),
      text: read('--text', '#1b1f23'),
      grid: read('--border', '#d0d7de'),
      background: read('--surface', '#ffffff'),
    };
    // `dark` is the dependency: the variables change with the scheme.
  }, [dark]);
}

// The points drawn for a set of rows (the report view's cached array), kept with it: going back to a
// view redraws without mapping and downsampling 35,040 rows again.
const drawnPoints = new WeakMap<
  readonly ReportRow[],
  { compareRows: readonly ReportRow[] | null; factor: number; points: Point[] }
>();

function chartPoints(
  rows: readonly ReportRow[],
  compareRows: readonly ReportRow[] | null,
  isRaw: boolean,
  unit: EnergyUnit,
): Point[] {
  const known = drawnPoints.get(rows);
  if (known && known.compareRows === compareRows && known.factor === unit.factor) return known.points;
  const all: Point[] = rows.map((row, index) => ({
    x: isRaw ? row.start : index,
    value: scaled(row.energyKwh, unit),
    // Bars overlay the comparison in the same data; a raw comparison is a line of its own (below).
    ...(compareRows && !isRaw ? { compare: scaled(compareRows[index]?.energyKwh, unit) } : {}),
  }));
  const points = isRaw ? downsampleWithGaps(all, MAX_DRAWN_POINTS) : all;
  drawnPoints.set(rows, { compareRows, factor: unit.factor, points });
  return points;
}

/**
 * The element's width, read before the first paint and again when it changes: the axis's ticks are
 * chosen for it in the same render that draws the chart (Recharts' own `onResize` comes a frame after
 * its first draw, which would draw a year of raw values twice).
 */
function useWidth() {
  const element = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const measured = element.current;
    if (!measured) return;
    setWidth(measured.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(measured);
    return () => observer.disconnect();
  }, []);
  return [element, width] as const;
}

export interface FeedChartProps {
  rows: readonly ReportRow[];
  compareRows: readonly ReportRow[] | null;
  compareLabel: string;
  gaps: readonly PeriodRun[];
  /** Incomplete periods, one each: hatched and labelled with their values ("8/96"). */
  incomplete: readonly PeriodRun[];
  notYetDelivered: readonly PeriodRun[];
  aggregation: AggregationType;
  timeZone: string;
  unit: EnergyUnit;
  colors: ChartColors;
  spanDays: number;
  /** What the chart shows, as an attribute: lets a test wait for exactly this drawing. */
  drawnFor: string;
}

/**
 * Bars for aggregates, a line for raw values; axes and tooltips in the report's zone; periods without
 * data are empty and shaded, never drawn as zero. No animation: figures must not move under the reader.
 */
export const FeedChart = forwardRef<HTMLDivElement, FeedChartProps>(function FeedChart(
  {
    rows,
    compareRows,
    compareLabel,
    gaps,
    incomplete,
    notYetDelivered,
    aggregation,
    timeZone,
    unit,
    colors,
    spanDays,
    drawnFor,
  },
  ref,
) {
  const isRaw = aggregation === 'raw';
  const points = useMemo(() => chartPoints(rows, compareRows, isRaw, unit), [rows, compareRows, isRaw, unit]);
  const compareLine = useMemo(() => {
    if (!isRaw || !compareRows) return null;
    // Period by period onto this range's time axis, downsampled on its own.
    const shifted = rows.map((row, index) => ({
      x: row.start,
      value: scaled(compareRows[index]?.energyKwh, unit),
    }));
    return downsampleWithGaps(shifted, MAX_DRAWN_POINTS);
  }, [isRaw, compareRows, rows, unit]);
  // The plot's width (the chart's less the margins and the value axis) decides how many ticks fit.
  const [sizer, chartWidth] = useWidth();
  const plotWidth = chartWidth - CHART_MARGIN.left - CHART_MARGIN.right - VALUE_AXIS_PX;
  const tickStyle: TickStyle = {
    aggregation,
    compact: plotWidth < COMPACT_BELOW_PX,
    oneYear: rows[0]?.label.slice(0, 4) === rows.at(-1)?.label.slice(0, 4),
    spanDays,
    timeZone,
    locale: currentFormattingLocale(),
  };
  const formatTick = (value: number) =>
    tickLabel(isRaw ? value : (rows[Math.round(value)]?.label ?? ''), tickStyle);
  const longestTick = isRaw
    ? Math.max(...[points[0]?.x, points.at(-1)?.x].map((x) => (x === undefined ? 0 : formatTick(x).length)))
    : Math.max(...[0, rows.length - 1].map((index) => formatTick(index).length));
  const fitting = labelsThatFit(plotWidth, longestTick);
  const area = (run: PeriodRun) => ({
    x1: isRaw ? run.first.start : run.firstIndex - 0.5,
    x2: isRaw ? run.last.end : run.firstIndex + run.periods - 0.5,
  });
  const incompleteCount = incomplete.length;
  const unitName = unit.unit;
  const chartName =
    incompleteCount > 0
      ? plural(incompleteCount, {
          one: `Feed-in chart in ${unitName}, ${timeZone}; # incomplete period hatched and labelled with its values`,
          other: `Feed-in chart in ${unitName}, ${timeZone}; # incomplete periods hatched and labelled with their values`,
        })
      : t`Feed-in chart in ${unit.unit}, ${timeZone}`;
  return (
    <div ref={ref} className="feed-chart" data-drawn-for={drawnFor} role="img" aria-label={chartName}>
      <div ref={sizer}>
        <ResponsiveContainer width="100%" height={320}>
          <ComposedChart data={compareLine ? undefined : points} margin={CHART_MARGIN}>
            <defs>
              <pattern
                id={HATCH_ID}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="6" height="6" fill={colors.background} />
                <rect width="3" height="6" fill={colors.series} />
              </pattern>
              <pattern
                id={MARKER_HATCH_ID}
                width="8"
                height="8"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(-45)"
              >
                <rect width="1.5" height="8" fill={colors.gap} fillOpacity={0.45} />
              </pattern>
            </defs>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="x"
              type="number"
              domain={isRaw ? ['dataMin', 'dataMax'] : [-0.5, rows.length - 0.5]}
              scale={isRaw ? 'time' : 'linear'}
              allowDuplicatedCategory={false}
              tickFormatter={formatTick}
              // Aggregates: a tick on every n-th period, as many as fit; raw values: the time scale's
              // round instants, no more than fit (and none closer than the gap).
              {...(isRaw
                ? { tickCount: fitting, minTickGap: 24 }
                : { ticks: tickIndexes(rows.length, fitting), interval: 0 })}
              stroke={colors.text}
              tick={{ fill: colors.text, fontSize: 12 }}
            />
            <YAxis
              tickFormatter={(value: number) => formatNumber(value)}
              stroke={colors.text}
              tick={{ fill: colors.text, fontSize: 12 }}
              width={VALUE_AXIS_PX}
              label={{ value: unit.unit, angle: -90, position: 'insideLeft', fill: colors.text }}
            />
            <Tooltip
              isAnimationActive={false}
              labelFormatter={(value) => {
                const row = isRaw ? rows.find((candidate) => candidate.start === value) : rows[Number(value)];
                if (!row) return '';
                if (row.status === 'complete') return `${row.label} ${timeZone}`;
                return `${row.label} ${timeZone} — ${statusText(row.status)}: ${valuesText(row.sampleCount, row.expected)}`;
              }}
              formatter={(value) => [
                value == null ? t`no data` : `${formatNumber(Number(value))} ${unit.unit}`,
              ]}
              contentStyle={{ background: colors.background, borderColor: colors.grid, color: colors.text }}
            />
            {compareRows && <Legend wrapperStyle={{ color: colors.text }} />}
            {gaps.map((gap) => (
              <ReferenceArea
                key={gap.first.start}
                {...area(gap)}
                fill={colors.gap}
                fillOpacity={0.12}
                ifOverflow="visible"
                label={{ value: t`no data`, fill: colors.gap, fontSize: 12, position: 'insideTop' }}
              />
            ))}
            {notYetDelivered.map((run) => (
              <ReferenceArea
                key={run.first.start}
                {...area(run)}
                fill={colors.pending}
                fillOpacity={0.08}
                stroke={colors.pending}
                strokeDasharray="4 4"
                ifOverflow="visible"
                label={{
                  value: t`not yet delivered`,
                  fill: colors.pending,
                  fontSize: 12,
                  position: 'insideTop',
                }}
              />
            ))}
            {incomplete.map((run) => (
              <ReferenceArea
                key={run.first.start}
                {...area(run)}
                fill={`url(#${MARKER_HATCH_ID})`}
                stroke={colors.gap}
                strokeDasharray="2 3"
                ifOverflow="visible"
                label={{
                  value: `◐ ${formatNumber(run.first.sampleCount)}/${formatNumber(run.first.expected)}`,
                  fill: colors.gap,
                  fontSize: 12,
                  position: 'insideTop',
                }}
              />
            ))}
            {isRaw ? (
              <>
                <Line
                  data={compareLine ? points : undefined}
                  dataKey="value"
                  name={t`This range`}
                  stroke={colors.series}
                  dot={false}
                  connectNulls={false}
                  isAnimationActive={false}
                />
                {compareLine && (
                  <Line
                    data={compareLine}
                    dataKey="value"
                    name={compareLabel}
                    stroke={colors.compare}
                    strokeDasharray="4 3"
                    dot={false}
                    connectNulls={false}
                    isAnimationActive={false}
                  />
                )}
              </>
            ) : (
              <>
                <Bar dataKey="value" name={t`This range`} fill={colors.series} isAnimationActive={false}>
                  {points.map((point, index) => (
                    <Cell
                      key={point.x}
                      fill={rows[index]?.status === 'incomplete' ? `url(#${HATCH_ID})` : colors.series}
                      stroke={rows[index]?.status === 'incomplete' ? colors.series : undefined}
                    />
                  ))}
                </Bar>
                {compareRows && (
                  <Bar
                    dataKey="compare"
                    name={compareLabel}
                    fill={colors.compare}
                    isAnimationActive={false}
                  />
                )}
              </>
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
});
