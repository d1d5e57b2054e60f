import { formatNumber } from '../../../lib/format.ts';
import { plural, t } from '@lingui/core/macro';
import { forwardRef, memo, useMemo } from 'react';
import { CartesianGrid, ComposedChart, XAxis, YAxis } from 'recharts';
import { axisTick, CHART_HEIGHT, CHART_MARGIN, TIME_AXIS_PX, valueAxisProps } from './chart-style.ts';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import {
  barShift,
  barWidth,
  labelsThatFit,
  periodTick,
  tickIndexes,
  tickLabel,
  timeTicks,
} from './chart-ticks.ts';
import { periodTickStyle, useChartFrame } from './use-chart-frame.ts';
import { inUnit, type EnergyUnit, type PeriodRun, type ReportRow } from '../data/report-rows.ts';
import type { ChartPoint } from './pixel-columns.ts';
import { chartPoints, compareLinePoints, denseBars } from './chart-points.ts';
import { ChartLegend } from './chart-legend.tsx';
import type { ChartColors } from './chart-colors.ts';
import {
  ChartAreas,
  ChartSeries,
  compareLineSeries,
  rangeLineSeries,
  valueDomain,
  valueTicks,
  type MarkedArea,
  type PathSeries,
} from './chart-series.tsx';
import { ChartSurface, surfaceLabel } from './chart-surface.tsx';
import { periodAt, periodX } from './chart-pointer.ts';
import { coveredDaysText, periodName, rowStatusText, valuesText } from '../data/completeness-text.ts';
import { areaPath, barsPath, linePath, valueExtent, type Scale } from './series-paths.ts';

/** The hatch of incomplete periods (one chart per page; kept in the SVG, so the PNG keeps it too). */
const HATCH_ID = 'feed-incomplete-hatch';
const MARKER_HATCH_ID = 'feed-incomplete-marker';

const noGridLines = () => [];

/** A period and its values in words, as the tooltip and the live region give them. */
function periodLines(
  row: ReportRow,
  compared: ReportRow | undefined,
  compareLabel: string | null,
  timeZone: string,
  unit: EnergyUnit,
): string[] {
  const energy = (kwh: number | null | undefined) => {
    const value = inUnit(kwh, unit);
    return value === null ? t`no data` : `${formatNumber(value)} ${unit.unit}`;
  };
  const status =
    row.status === 'complete' && !row.cut
      ? ''
      : ` — ${rowStatusText(row)}: ${valuesText(row.sampleCount, row.expected)}`;
  const lines = [
    `${periodName(row, timeZone)} ${timeZone}${status}`,
    `${t`This range`}: ${energy(row.energyKwh)}`,
  ];
  if (compareLabel !== null) lines.push(`${compareLabel}: ${energy(compared?.energyKwh)}`);
  return lines;
}

const pointValue = (point: ChartPoint) => point.value;
const pointCompare = (point: ChartPoint) => point.compare;
const HATCH_FILL = `url(#${HATCH_ID})`;

/**
 * The chart's series as paths: raw values as a line (the comparison dashed beside it); aggregates as bars,
 * incomplete ones hatched, the comparison's bar beside each; too many periods for a bar each as the area of
 * each pixel column's highest (the comparison as a dashed line).
 */
function drawnSeries({
  points,
  compareLine,
  rows,
  compared,
  isRaw,
  dense,
  barSize,
  plotWidth,
  colors,
}: {
  points: readonly ChartPoint[];
  compareLine: readonly ChartPoint[] | null;
  rows: readonly ReportRow[];
  compared: boolean;
  isRaw: boolean;
  dense: boolean;
  barSize: number;
  plotWidth: number;
  colors: ChartColors;
}): PathSeries[] {
  if (isRaw)
    return [
      rangeLineSeries(colors, (x, y) => linePath(points, pointValue, x, y)),
      ...(compareLine ? [compareLineSeries(colors, (x, y) => linePath(compareLine, pointValue, x, y))] : []),
    ];
  if (dense)
    return [
      {
        key: 'range',
        className: 'chart-series__area',
        fill: colors.series,
        stroke: colors.series,
        path: (x, y) => areaPath(points, pointValue, x, y),
      },
      ...(compared ? [compareLineSeries(colors, (x, y) => linePath(points, pointCompare, x, y))] : []),
    ];
  // Two bars share a period's band, centred on it together.
  const shift = compared ? barShift(plotWidth, rows.length, barSize) : 0;
  const bars = (incomplete: boolean) =>
    points.filter((_, index) => (rows[index]?.status === 'incomplete') === incomplete);
  const complete = bars(false);
  const hatched = bars(true);
  const compareBars = points.map((point) => ({ x: point.x, value: point.compare }));
  return [
    {
      key: 'range',
      className: 'chart-series__bars',
      fill: colors.series,
      path: (x, y) => barsPath(complete, barSize, -shift, x, y),
    },
    {
      key: 'incomplete',
      className: 'chart-series__bars chart-series__bars--incomplete',
      fill: HATCH_FILL,
      stroke: colors.series,
      path: (x, y) => barsPath(hatched, barSize, -shift, x, y),
    },
    ...(compared
      ? [
          {
            key: 'compare',
            className: 'chart-series__bars chart-series__bars--compare',
            fill: colors.compare,
            path: (x: Scale, y: Scale) => barsPath(compareBars, barSize, shift, x, y),
          },
        ]
      : []),
  ];
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
    const { sizer, width: chartWidth, drawn, plot, drawnFor: onceDrawn } = useChartFrame('report-chart');
    const plotWidth = plot.width;
    const columns = Math.max(1, Math.round(plotWidth));
    const points = useMemo(
      () => (drawn ? chartPoints(rows, compareRows, isRaw, unit, columns) : []),
      [rows, compareRows, isRaw, unit, columns, drawn],
    );
    const compareLine = useMemo(
      () => (isRaw && compareRows && drawn ? compareLinePoints(rows, compareRows, unit, columns) : null),
      [isRaw, compareRows, rows, unit, columns, drawn],
    );
    const dense = !isRaw && denseBars(rows.length, columns);
    const barSize = barWidth(plotWidth, rows.length, compareRows !== null);
    // The value axis over what is drawn, with recharts' own rounding (its default for an axis from zero).
    const ticks = useMemo(() => {
      const extents = [valueExtent(points, pointValue, pointCompare)];
      if (compareLine) extents.push(valueExtent(compareLine, pointValue));
      const low = Math.min(...extents.map(([lowest]) => lowest));
      const high = Math.max(...extents.map(([, highest]) => highest));
      return valueTicks(low, high);
    }, [points, compareLine]);
    const series = useMemo(
      () =>
        drawnSeries({
          points,
          compareLine,
          rows,
          compared: compareRows !== null,
          isRaw,
          dense,
          barSize,
          plotWidth,
          colors,
        }),
      [points, compareLine, rows, compareRows, isRaw, dense, barSize, plotWidth, colors],
    );
    const tickStyle = periodTickStyle({ rows, aggregation, plotWidth, spanDays, timeZone });
    // A partial period's tick names its days: alone in a narrow plot ("15–31 Jan"), else after the period.
    const formatTick = (value: number) => {
      if (isRaw) return tickLabel(value, tickStyle);
      const tick = periodTick(value, (index) => rows[index]?.label, tickStyle);
      const cut = Number.isInteger(value) ? rows[value]?.cut : null;
      if (!cut) return tick;
      const days = coveredDaysText(cut, timeZone);
      return tickStyle.compact ? days : `${tick} (${days})`;
    };
    const longestTick = isRaw
      ? Math.max(...[points[0]?.x, points.at(-1)?.x].map((x) => (x === undefined ? 0 : formatTick(x).length)))
      : Math.max(...[0, rows.length - 1].map((index) => formatTick(index).length));
    const fitting = labelsThatFit(plotWidth, longestTick);
    const area = (run: PeriodRun) => ({
      x1: isRaw ? run.first.start : run.firstIndex - 0.5,
      x2: isRaw ? run.last.end : run.firstIndex + run.periods - 0.5,
    });
    // Gaps, values not yet delivered and incomplete periods, each marked and labelled over the plot.
    const markedAreas: MarkedArea[] = [
      ...gaps.map((gap) => ({
        key: `gap-${gap.first.start}`,
        ...area(gap),
        fill: colors.gap,
        fillOpacity: 0.12,
        label: t`no data`,
        labelColor: colors.gap,
      })),
      ...notYetDelivered.map((run) => ({
        key: `pending-${run.first.start}`,
        ...area(run),
        fill: colors.pending,
        fillOpacity: 0.08,
        stroke: colors.pending,
        strokeDasharray: '4 4',
        label: t`not yet delivered`,
        labelColor: colors.pending,
      })),
      ...incomplete.map((run) => ({
        key: `incomplete-${run.first.start}`,
        ...area(run),
        fill: `url(#${MARKER_HATCH_ID})`,
        // recharts' ReferenceArea drew it at half opacity by default: the hatch stays as light as it was.
        fillOpacity: 0.5,
        stroke: colors.gap,
        strokeDasharray: '2 3',
        label: `◐ ${formatNumber(run.first.sampleCount)}/${formatNumber(run.first.expected)}`,
        labelColor: colors.gap,
      })),
    ];
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
        data-drawn-for={onceDrawn(drawnFor)}
      >
        <ChartSurface
          count={rows.length}
          indexAt={(x) => periodAt(x, plot, rows, isRaw)}
          xOf={(index) => periodX(index, plot, rows, isRaw)}
          linesOf={(index) =>
            periodLines(rows[index]!, compareRows?.[index], compareRows ? compareLabel : null, timeZone, unit)
          }
          plot={plot}
          label={surfaceLabel(chartName)}
        >
          <div ref={sizer} style={{ minHeight: CHART_HEIGHT }}>
            {drawn && (
              <ComposedChart
                width={chartWidth}
                height={CHART_HEIGHT}
                margin={CHART_MARGIN}
                // The surface around it walks the periods by keyboard (recharts' needs its own series).
                accessibilityLayer={false}
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
                  // No vertical lines, so no x positions: recharts would still work them out, measuring
                  // every x label in the DOM (310 ms of a raw year's first draw).
                  verticalCoordinatesGenerator={noGridLines}
                />
                <XAxis
                  dataKey="x"
                  type="number"
                  domain={isRaw ? [rows[0]?.start ?? 0, rows.at(-1)?.start ?? 0] : [-0.5, rows.length - 0.5]}
                  // The chart has no data of recharts' own (the series are drawn from paths): the domain is
                  // the one given.
                  allowDataOverflow
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
                  height={TIME_AXIS_PX}
                  stroke={colors.text}
                  tick={axisTick(colors)}
                />
                <YAxis {...valueDomain(ticks)} {...valueAxisProps(colors, unit)} />
                <ChartAreas areas={markedAreas} part="shapes" />
                <ChartSeries series={series} />
                <ChartAreas areas={markedAreas} part="labels" />
              </ComposedChart>
            )}
          </div>
        </ChartSurface>
        {compareRows && drawn && (
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
