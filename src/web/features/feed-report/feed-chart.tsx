import { useElementWidth } from './use-element-width.ts';
import { formatNumber } from '../../lib/format.ts';
import { plural, t } from '@lingui/core/macro';
import { forwardRef, memo, useMemo } from 'react';
import {
  Area,
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceArea,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  axisTick,
  compareLineProps,
  seriesLineProps,
  tooltipStyle,
  valueAxisProps,
  VALUE_AXIS_PX,
} from './chart-style.ts';
import type { AggregationType } from '../../../contract/api/feed.ts';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import {
  barWidth,
  COMPACT_BELOW_PX,
  labelsThatFit,
  periodTick,
  tickIndexes,
  tickLabel,
  timeTicks,
  type TickStyle,
} from './chart-ticks.ts';
import { statusText, valuesText } from './completeness-text.ts';
import type { EnergyUnit, PeriodRun, ReportRow } from './report-rows.ts';
import { maxColumns, minMaxColumns, type ChartPoint } from './pixel-columns.ts';
import { ChartLegend } from './chart-legend.tsx';
import type { ChartColors } from './chart-colors.ts';

/** The hatch of incomplete periods (one chart per page; kept in the SVG, so the PNG keeps it too). */
const HATCH_ID = 'feed-incomplete-hatch';
const MARKER_HATCH_ID = 'feed-incomplete-marker';

const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const CHART_HEIGHT = 320;
const noGridLines = () => [];

/** Bars narrower than this are drawn as one area of each pixel column's highest value. */
const DENSE_BAR_PX = 3;

const scaled = (kwh: number | null | undefined, unit: EnergyUnit) => (kwh == null ? null : kwh * unit.factor);

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

// The points drawn for a set of rows (the report view's cached array), kept with it: going back to a
// view redraws without reducing 35,040 rows again.
const drawnPoints = new WeakMap<
  readonly ReportRow[],
  { compareRows: readonly ReportRow[] | null; factor: number; columns: number; points: ChartPoint[] }
>();

function chartPoints(
  rows: readonly ReportRow[],
  compareRows: readonly ReportRow[] | null,
  isRaw: boolean,
  unit: EnergyUnit,
  columns: number,
): ChartPoint[] {
  const known = drawnPoints.get(rows);
  if (known && known.compareRows === compareRows && known.factor === unit.factor && known.columns === columns)
    return known.points;
  const valueOf = (index: number) => scaled(rows[index]!.energyKwh, unit);
  // Bars overlay the comparison in the same data; a raw comparison is a line of its own (below).
  const compareOf = compareRows ? (index: number) => scaled(compareRows[index]?.energyKwh, unit) : undefined;
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
export const FeedChart = memo(
  forwardRef<HTMLDivElement, FeedChartProps>(function FeedChart(
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
    // The plot's width (the chart's less the margins and the value axis) decides how many ticks fit and how
    // many points are drawn: one value per pixel column at most.
    // Read before the first paint: the axis's ticks are chosen for it in the same render that draws the
    // chart (Recharts' own `onResize` comes a frame later, which would draw a year of raw values twice).
    const [sizer, chartWidth] = useElementWidth<HTMLDivElement>();
    const plotWidth = Math.max(0, chartWidth - CHART_MARGIN.left - CHART_MARGIN.right - VALUE_AXIS_PX);
    const columns = Math.max(1, Math.round(plotWidth));
    const points = useMemo(
      () => (chartWidth > 0 ? chartPoints(rows, compareRows, isRaw, unit, columns) : []),
      [rows, compareRows, isRaw, unit, columns, chartWidth],
    );
    const compareLine = useMemo(() => {
      if (!isRaw || !compareRows || chartWidth === 0) return null;
      // Period by period onto this range's time axis, reduced on its own.
      return linePoints(rows, (index) => scaled(compareRows[index]?.energyKwh, unit), columns);
    }, [isRaw, compareRows, rows, unit, columns, chartWidth]);
    const dense = !isRaw && denseBars(rows.length, columns);
    const barSize = barWidth(plotWidth, rows.length, compareRows !== null);
    const tickStyle: TickStyle = {
      aggregation,
      compact: plotWidth < COMPACT_BELOW_PX,
      oneYear: rows[0]?.label.slice(0, 4) === rows.at(-1)?.label.slice(0, 4),
      spanDays,
      timeZone,
      locale: currentFormattingLocale(),
    };
    const formatTick = (value: number) =>
      isRaw ? tickLabel(value, tickStyle) : periodTick(value, (index) => rows[index]?.label, tickStyle);
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
      <div
        ref={ref}
        className="feed-chart"
        // Only once the chart is drawn at its width (the first render measures it).
        data-drawn-for={chartWidth > 0 ? drawnFor : undefined}
        role="img"
        aria-label={chartName}
      >
        <div ref={sizer} style={{ minHeight: CHART_HEIGHT }}>
          {chartWidth > 0 && (
            <ComposedChart
              width={chartWidth}
              height={CHART_HEIGHT}
              data={compareLine ? undefined : points}
              margin={CHART_MARGIN}
            >
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
              <CartesianGrid
                stroke={colors.grid}
                strokeDasharray="3 3"
                vertical={false}
                // No vertical lines, so no x positions: recharts would still work them out, measuring every
                // x label in the DOM (310 ms of a raw year's first draw).
                verticalCoordinatesGenerator={noGridLines}
              />
              <XAxis
                dataKey="x"
                type="number"
                domain={isRaw ? [rows[0]?.start ?? 0, rows.at(-1)?.start ?? 0] : [-0.5, rows.length - 0.5]}
                scale={isRaw ? 'time' : 'linear'}
                allowDuplicatedCategory={false}
                tickFormatter={formatTick}
                // Aggregates: a tick on every n-th period, as many as fit; raw values: the time scale's
                // round instants, no more than fit (and none closer than the gap).
                {...(isRaw
                  ? {
                      ticks: timeTicks(
                        rows[0]?.start ?? 0,
                        rows.at(-1)?.start ?? 0,
                        spanDays,
                        timeZone,
                        fitting,
                      ),
                    }
                  : { ticks: tickIndexes(rows.length, fitting) })}
                // Ticks chosen here to fit: recharts would measure every label in the DOM to thin them
                // (347 ms of forced layouts on a raw year's first draw).
                interval={0}
                stroke={colors.text}
                tick={axisTick(colors)}
              />
              <YAxis interval={0} {...valueAxisProps(colors, unit)} />
              <Tooltip
                isAnimationActive={false}
                labelFormatter={(value) => {
                  const row = isRaw
                    ? rows.find((candidate) => candidate.start === value)
                    : rows[Number(value)];
                  if (!row) return '';
                  if (row.status === 'complete') return `${row.label} ${timeZone}`;
                  return `${row.label} ${timeZone} — ${statusText(row.status)}: ${valuesText(row.sampleCount, row.expected)}`;
                }}
                formatter={(value) => [
                  value == null ? t`no data` : `${formatNumber(Number(value))} ${unit.unit}`,
                ]}
                contentStyle={tooltipStyle(colors)}
              />
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
                    {...seriesLineProps(colors)}
                  />
                  {compareLine && (
                    <Line
                      data={compareLine}
                      dataKey="value"
                      name={compareLabel}
                      {...compareLineProps(colors)}
                    />
                  )}
                </>
              ) : (
                <>
                  {dense ? (
                    // Too many periods for a bar each: each pixel column's highest period, as one shape.
                    <Area
                      dataKey="value"
                      name={t`This range`}
                      type="linear"
                      stroke={colors.series}
                      fill={colors.series}
                      fillOpacity={1}
                      connectNulls={false}
                      isAnimationActive={false}
                    />
                  ) : (
                    <Bar
                      dataKey="value"
                      name={t`This range`}
                      fill={colors.series}
                      barSize={barSize}
                      isAnimationActive={false}
                    >
                      {points.map((point, index) => (
                        <Cell
                          key={point.x}
                          fill={rows[index]?.status === 'incomplete' ? `url(#${HATCH_ID})` : colors.series}
                          stroke={rows[index]?.status === 'incomplete' ? colors.series : undefined}
                        />
                      ))}
                    </Bar>
                  )}
                  {compareRows &&
                    (dense ? (
                      <Line dataKey="compare" name={compareLabel} {...compareLineProps(colors)} />
                    ) : (
                      <Bar
                        dataKey="compare"
                        name={compareLabel}
                        fill={colors.compare}
                        barSize={barSize}
                        isAnimationActive={false}
                      />
                    ))}
                </>
              )}
            </ComposedChart>
          )}
        </div>
        {compareRows && chartWidth > 0 && (
          <ChartLegend
            colors={colors}
            compareLabel={compareLabel}
            shapes={{ range: isRaw ? 'line' : 'bar', compare: isRaw || dense ? 'dashed' : 'bar' }}
          />
        )}
      </div>
    );
  }),
);
