import { formatNumber } from '../../lib/format.ts';
import type { ChartColors } from './chart-colors.ts';
import type { EnergyUnit } from './report-rows.ts';

/** The value axis's width, reserved beside the plot (each view subtracts it to know the plot's width). */
export const VALUE_AXIS_PX = 64;

/** An axis's tick labels in the theme's text colour. */
export const axisTick = (colors: ChartColors) => ({ fill: colors.text, fontSize: 12 });

/** The value (y) axis every view of the report draws: numbers in the UI language, the energy unit as label. */
export const valueAxisProps = (colors: ChartColors, unit: EnergyUnit) => ({
  tickFormatter: (value: number) => formatNumber(value),
  stroke: colors.text,
  tick: axisTick(colors),
  width: VALUE_AXIS_PX,
  label: { value: unit.unit, angle: -90, position: 'insideLeft' as const, fill: colors.text },
});

/** The tooltip's box in the theme's colours (recharts' default is white in the dark theme too). */
export const tooltipStyle = (colors: ChartColors) => ({
  background: colors.background,
  borderColor: colors.grid,
  color: colors.text,
});

/** The range's own line: no dots, a gap stays a gap (never bridged), drawn at once. */
export const seriesLineProps = (colors: ChartColors) => ({
  stroke: colors.series,
  dot: false,
  connectNulls: false,
  isAnimationActive: false,
});

/** The comparison's line, dashed, so it is told apart without its colour. */
export const compareLineProps = (colors: ChartColors) => ({
  stroke: colors.compare,
  strokeDasharray: '4 3',
  dot: false,
  connectNulls: false,
  isAnimationActive: false,
});
