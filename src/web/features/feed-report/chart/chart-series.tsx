import type { ComponentProps } from 'react';
import {
  CartesianGrid,
  getNiceTickValues,
  LineChart,
  usePlotArea,
  useXAxisScale,
  useYAxisScale,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartColors } from './chart-colors.ts';
import { axisTick, CHART_HEIGHT, CHART_MARGIN, valueAxisProps } from './chart-style.ts';
import type { EnergyUnit } from '../data/report-rows.ts';
import type { Scale } from './series-paths.ts';

/**
 * The value axis's ticks over [low, high] as recharts rounds them for an axis of its own data (five ticks,
 * decimals allowed): the views draw their series themselves, so recharts sees no data to round from.
 */
export function valueTicks(low: number, high: number): number[] {
  return getNiceTickValues([low, high], 5, true);
}

/** The value axis's props for those ticks: their span is the domain, the series never overflow it. */
export function valueDomain(ticks: readonly number[]) {
  return {
    type: 'number' as const,
    domain: [ticks[0] ?? 0, ticks.at(-1) ?? 1],
    ticks: [...ticks],
    allowDataOverflow: true,
    interval: 0 as const,
  };
}

type PathOf = (x: Scale, y: Scale) => string;

/** The range's own line, in the series colour. */
export const rangeLineSeries = (colors: ChartColors, path: PathOf): PathSeries => ({
  key: 'range',
  className: 'chart-series__line',
  stroke: colors.series,
  path,
});

/** The comparison's line, dashed, so it is told apart without its colour. */
export const compareLineSeries = (colors: ChartColors, path: PathOf): PathSeries => ({
  key: 'compare',
  className: 'chart-series__line chart-series__line--compare',
  stroke: colors.compare,
  strokeDasharray: '4 3',
  path,
});

/** A series drawn as one path: its data from the chart's scales, and how it looks. */
export interface PathSeries {
  key: string;
  className: string;
  path: (x: Scale, y: Scale) => string;
  fill?: string;
  stroke?: string;
  strokeDasharray?: string;
}

/**
 * The chart's series, inside recharts' chart and on its scales, so they meet its axes exactly; each is
 * one SVG path (series-paths.ts).
 */
export function ChartSeries({ series }: { series: readonly PathSeries[] }) {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  if (!xScale || !yScale) return null;
  const x: Scale = (value) => xScale(value) ?? Number.NaN;
  const y: Scale = (value) => yScale(value) ?? Number.NaN;
  return (
    <g className="chart-series">
      {series
        .map((each) => ({ each, d: each.path(x, y) }))
        .map(({ each, d }) =>
          // A series with nothing to draw (no incomplete period, say) leaves no empty path behind.
          d === '' ? null : (
            <path
              key={each.key}
              className={each.className}
              d={d}
              fill={each.fill ?? 'none'}
              stroke={each.stroke}
              strokeWidth={each.stroke ? (each.fill ? 1 : 1.5) : undefined}
              strokeDasharray={each.strokeDasharray}
              strokeLinejoin="round"
            />
          ),
        )}
    </g>
  );
}

/** A marked stretch of the x axis (a gap, an incomplete period, values not yet delivered), labelled at its top. */
export interface MarkedArea {
  key: string | number;
  /** Its ends on the x axis, in the axis's own values. */
  x1: number;
  x2: number;
  fill: string;
  fillOpacity?: number;
  stroke?: string;
  strokeDasharray?: string;
  label: string;
  labelColor: string;
}

/** The label's distance from the plot's top, and the shift that hangs its text below that line. */
const LABEL_OFFSET_PX = 5;
const HANGING = '0.71em';

/**
 * Marked areas over the plot's height, cut to the plot, each labelled at the top centre of what is seen of
 * it, as recharts' ReferenceArea drew them (whose every render dispatched its area to recharts' store
 * again). Drawn in two parts: the shapes before the series, under them, and the labels after the series,
 * above them, so a bar compared in the same place never hides "not yet delivered" or "◐ 88/96".
 */
export function ChartAreas({ areas, part }: { areas: readonly MarkedArea[]; part: 'shapes' | 'labels' }) {
  const xScale = useXAxisScale();
  const plot = usePlotArea();
  if (!xScale || !plot || areas.length === 0) return null;
  const spans = areas.flatMap((area) => {
    const from = xScale(area.x1);
    const to = xScale(area.x2);
    if (from === undefined || to === undefined) return [];
    const left = Math.max(plot.x, Math.min(from, to));
    const right = Math.min(plot.x + plot.width, Math.max(from, to));
    return right > left ? [{ area, left, width: right - left }] : [];
  });
  if (part === 'shapes')
    return (
      <g className="chart-areas">
        {spans.map(({ area, left, width }) => (
          <rect
            key={area.key}
            x={left}
            y={plot.y}
            width={width}
            height={plot.height}
            fill={area.fill}
            fillOpacity={area.fillOpacity}
            stroke={area.stroke}
            strokeDasharray={area.strokeDasharray}
          />
        ))}
      </g>
    );
  return (
    <g className="chart-area-labels">
      {spans.map(({ area, left, width }) => (
        <text
          key={area.key}
          x={left + width / 2}
          y={plot.y + LABEL_OFFSET_PX}
          dy={HANGING}
          textAnchor="middle"
          fill={area.labelColor}
          fontSize={12}
        >
          {area.label}
        </text>
      ))}
    </g>
  );
}

/**
 * A chart of series drawn as paths on a numeric x axis (the duration curve, the running sum): the grid,
 * both axes and the series, drawn once the width is known (the first render measures it) and holding the
 * chart's height until then. `xAxis` is the view's own x axis (domain, ticks, labels).
 */
export function SeriesChart({
  width,
  colors,
  unit,
  ticks,
  xAxis,
  series,
}: {
  width: number;
  colors: ChartColors;
  unit: EnergyUnit;
  /** The value axis's ticks (`valueTicks`). */
  ticks: readonly number[];
  xAxis: Omit<ComponentProps<typeof XAxis>, 'ref'>;
  series: readonly PathSeries[];
}) {
  return (
    <div style={{ minHeight: CHART_HEIGHT }}>
      {width > 0 && (
        <LineChart width={width} height={CHART_HEIGHT} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="x"
            type="number"
            allowDataOverflow
            stroke={colors.text}
            tick={axisTick(colors)}
            {...xAxis}
          />
          <YAxis {...valueDomain(ticks)} {...valueAxisProps(colors, unit)} />
          <ChartSeries series={series} />
        </LineChart>
      )}
    </div>
  );
}
