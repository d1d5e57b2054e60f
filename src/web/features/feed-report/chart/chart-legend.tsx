import { t } from '@lingui/core/macro';
import type { ChartColors } from './chart-colors.ts';

/** How a series is drawn: a line, the comparison's dashed line, or filled bars. */
export type LegendShape = 'line' | 'dashed' | 'bar';

/**
 * The names of a chart's two series when a comparison is drawn, as HTML under the chart. Recharts' own
 * legend measured itself after the chart was drawn and drew the whole chart again at the height left
 * (~30 ms of a comparison's redraw on a raw year); the PNG export draws these names itself.
 */
export function ChartLegend({
  colors,
  compareLabel,
  shapes = { range: 'line', compare: 'dashed' },
}: {
  colors: ChartColors;
  compareLabel: string;
  /** How each series is drawn: lines by default (the cumulative and duration views), the comparison dashed. */
  shapes?: { range: LegendShape; compare: LegendShape };
}) {
  const entries = [
    { label: t`This range`, color: colors.series, shape: shapes.range },
    { label: compareLabel, color: colors.compare, shape: shapes.compare },
  ];
  return (
    <ul className="chart-legend">
      {entries.map((entry) => (
        <li key={entry.label}>
          <span
            className={`chart-legend__swatch chart-legend__swatch--${entry.shape}`}
            style={{ color: entry.color }}
            aria-hidden="true"
          />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
