import { formatNumber } from '../../../lib/format.ts';
import type { ChartColors } from './chart-colors.ts';
import type { EnergyUnit } from '../data/report-rows.ts';

/** The value axis's width, reserved beside the plot (each view subtracts it to know the plot's width). */
const VALUE_AXIS_PX = 64;

/** Every chart of the report: its margins and height, and recharts' default height of the x axis. */
export const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
export const CHART_HEIGHT = 320;
export const TIME_AXIS_PX = 30;

/** The plot inside a chart of this width: where its series, cursor and tooltip are drawn. */
export function plotArea(chartWidth: number) {
  return {
    left: CHART_MARGIN.left + VALUE_AXIS_PX,
    width: Math.max(0, chartWidth - CHART_MARGIN.left - CHART_MARGIN.right - VALUE_AXIS_PX),
    top: CHART_MARGIN.top,
    height: CHART_HEIGHT - CHART_MARGIN.top - CHART_MARGIN.bottom - TIME_AXIS_PX,
  };
}

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
