import { plural, t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { ChartLegend } from './chart-legend.tsx';
import { compareLineSeries, rangeLineSeries, SeriesChart, valueTicks } from './chart-series.tsx';
import { ChartSurface, surfaceLabel } from './chart-surface.tsx';
import { nearestPoint } from './chart-pointer.ts';
import type { ChartPoint } from './pixel-columns.ts';
import { linePath, valueExtent } from './series-paths.ts';
import { ColumnHeaders, numeric } from '../../../components/column-headers.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { currentFormattingLocale } from '../../../i18n/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { drawnDurationPoints, durationCurve, TABLE_SHARES, valueAtShare } from './duration-curve.ts';
import type { LineViewProps } from './line-view-props.ts';
import { energyUnit } from '../data/report-rows.ts';
import { useChartFrame } from './use-chart-frame.ts';

const pointValue = (point: ChartPoint) => point.value;
const percent = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });

/**
 * The load-duration curve of the current aggregation's periods: values from highest to lowest over the
 * share of the time, the comparison as a second curve; a table of the value reached at every tenth.
 */
export function DurationView({
  ref,
  rows,
  compareRows,
  compareLabel,
  aggregation,
  colors,
  excelRef,
}: LineViewProps) {
  const curve = useMemo(() => durationCurve(rows), [rows]);
  const compareCurve = useMemo(() => (compareRows ? durationCurve(compareRows) : null), [compareRows]);
  const unit = energyUnit(Math.max(curve.steps[0]?.kwh ?? 0, compareCurve?.steps[0]?.kwh ?? 0));
  const energy = (kwh: number | null) =>
    kwh === null ? '—' : `${formatNumber(kwh * unit.factor)} ${unit.unit}`;
  const table = TABLE_SHARES.map((share) => ({
    share,
    value: valueAtShare(curve, share),
    compare: compareCurve ? valueAtShare(compareCurve, share) : null,
  }));
  const valueHeading = t`Reached or exceeded (${unit.unit})`;
  const compareHeading = t`${compareLabel} (${unit.unit})`;
  const { sizer, width, drawn, plot, drawnFor } = useChartFrame(
    'report-view',
    excelRef,
    ({ excelFile, excelNumbers }) => {
      const { energy, share } = excelNumbers(currentFormattingLocale());
      const cell = (kwh: number | null) => (kwh === null ? '' : energy.format(kwh * unit.factor));
      return excelFile(
        [t`Share of the time (%)`, valueHeading, ...(compareCurve ? [compareHeading] : [])],
        table.map((line) => [
          share.format(line.share * 100),
          cell(line.value),
          ...(compareCurve ? [cell(line.compare)] : []),
        ]),
        currentFormattingLocale(),
      );
    },
  );
  const plotWidth = Math.max(100, plot.width);
  // The curves as drawn: (share, value) points in the unit, one per pixel column at most.
  const { points, comparePoints, ticks, series } = useMemo(() => {
    const scaledPoints = (drawnPoints: { share: number; kwh: number }[]): ChartPoint[] =>
      drawnPoints.map((point) => ({ x: point.share, value: point.kwh * unit.factor }));
    const points = drawn ? scaledPoints(drawnDurationPoints(curve, plotWidth)) : [];
    const comparePoints =
      drawn && compareCurve ? scaledPoints(drawnDurationPoints(compareCurve, plotWidth)) : null;
    const [low, high] = valueExtent([...points, ...(comparePoints ?? [])], pointValue);
    const series = [rangeLineSeries(colors, (x, y) => linePath(points, pointValue, x, y, { steps: true }))];
    if (comparePoints)
      series.push(
        compareLineSeries(colors, (x, y) => linePath(comparePoints, pointValue, x, y, { steps: true })),
      );
    return { points, comparePoints, ticks: valueTicks(low, high), series };
  }, [curve, compareCurve, plotWidth, unit.factor, colors, drawn]);

  const periods = formatNumber(curve.steps.length);
  const { gaps, incomplete, notYetDelivered } = curve.leftOut;
  const leftOut = gaps + incomplete + notYetDelivered;
  const format = (value: number | null) =>
    value === null ? '—' : formatNumber(value * unit.factor, { maximumFractionDigits: 3 });
  return (
    <div ref={sizer}>
      <p className="hint">
        {t`Sorted from ${periods} complete periods of the chosen aggregation, highest first; each is as wide as its share of the time.`}{' '}
        {leftOut > 0 &&
          plural(leftOut, {
            one: 'Left off: # period without all its values (a gap has no value, an incomplete one only part of it).',
            other:
              'Left off: # periods without all their values (a gap has no value, an incomplete one only part of it).',
          })}{' '}
        {aggregation !== 'raw' && t`Choose raw 15-minute values for the classic load-duration curve.`}
      </p>
      {curve.steps.length < 2 ? (
        <p className="notice" role="status">
          {t`A duration curve needs at least two complete periods; this range has ${periods}. Choose a finer aggregation or a longer range.`}
        </p>
      ) : (
        <div
          ref={ref}
          className="feed-chart"
          // Only once drawn at its width (the first render measures it).
          data-drawn-for={drawnFor(`duration/${rows.length}/${compareRows?.length ?? 0}`)}
        >
          <ChartSurface
            count={points.length}
            indexAt={(x) => nearestPoint(points, (x - plot.left) / plot.width)}
            xOf={(index) => plot.left + points[index]!.x * plot.width}
            linesOf={(index) => {
              const share = points[index]!.x;
              return [
                t`${percent(share)} of the time`,
                `${t`This range`}: ${energy(valueAtShare(curve, share))}`,
                ...(compareCurve ? [`${compareLabel}: ${energy(valueAtShare(compareCurve, share))}`] : []),
              ];
            }}
            plot={plot}
            label={surfaceLabel(
              t`Duration curve in ${unit.unit}: values from highest to lowest over the share of the time`,
            )}
          >
            <SeriesChart
              width={width}
              colors={colors}
              unit={unit}
              ticks={ticks}
              xAxis={{ domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1], tickFormatter: percent }}
              series={series}
            />
          </ChartSurface>
          {comparePoints && <ChartLegend colors={colors} compareLabel={compareLabel} />}
        </div>
      )}
      <ScrollRegion label={t`Duration curve as a table`} className="report-table">
        <table className="table">
          <caption className="visually-hidden">
            {t`The value reached or exceeded during each share of the time, in ${unit.unit}.`}
          </caption>
          <thead>
            <ColumnHeaders
              columns={[
                t`Share of the time`,
                numeric(valueHeading),
                ...(compareCurve ? [numeric(compareHeading)] : []),
              ]}
            />
          </thead>
          <tbody>
            {table.map((line) => (
              <tr key={line.share}>
                <th scope="row">{percent(line.share)}</th>
                <td className="numeric">{format(line.value)}</td>
                {compareCurve && <td className="numeric">{format(line.compare)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
