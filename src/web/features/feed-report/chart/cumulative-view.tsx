import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { ChartLegend } from './chart-legend.tsx';
import { compareLineSeries, rangeLineSeries, SeriesChart, valueTicks } from './chart-series.tsx';
import { ChartSurface, surfaceLabel } from './chart-surface.tsx';
import type { ChartPoint } from './pixel-columns.ts';
import { linePath, valueExtent } from './series-paths.ts';
import { numeric, type Column } from '../../../components/column-headers.tsx';
import { WindowedTable } from '../table/windowed-table.tsx';
import { currentFormattingLocale } from '../../../i18n/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { labelsThatFit, tickIndexes, tickLabel } from './chart-ticks.ts';
import { drawnIndexes, finalSum, runningSums, tabledIndexes } from './cumulative-sum.ts';
import type { LineViewProps } from './line-view-props.ts';
import type { DateRange } from '../data/report-range.ts';
import { energyUnit, type ReportRow } from '../data/report-rows.ts';
import { periodTickStyle, useChartFrame } from './use-chart-frame.ts';

const pointValue = (point: ChartPoint) => point.value;
const pointCompare = (point: ChartPoint) => point.compare;

/**
 * The energy summed over the range, period by period, beside the comparison's running sum (a year
 * earlier unless another comparison is chosen), aligned by position: the first period beside the first.
 */
export function CumulativeView({
  ref,
  rows,
  compareRows,
  compareLabel,
  aggregation,
  range,
  timeZone,
  spanDays,
  colors,
  printing,
  excelRef,
}: LineViewProps & {
  range: DateRange;
  timeZone: string;
  spanDays: number;
  /** The page is being printed: the table lists every row. */
  printing: boolean;
}) {
  const sums = useMemo(() => runningSums(rows), [rows]);
  const compareSums = useMemo(() => (compareRows ? runningSums(compareRows) : null), [compareRows]);
  const unit = energyUnit(Math.max(finalSum(sums), compareSums ? finalSum(compareSums) : 0));
  const scaled = (kwh: number | null | undefined) => (kwh == null ? null : kwh * unit.factor);
  const tabled = useMemo(
    () => tabledIndexes(rows, aggregation, range, timeZone),
    // The range is its two dates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, aggregation, range.from, range.to, timeZone],
  );
  const byDay = aggregation === 'raw' || aggregation === 'hour';
  const periodName = (row: ReportRow) => (byDay ? row.label.slice(0, 10) : row.label);
  const sumHeading = t`Running sum (${unit.unit})`;
  const compareHeading = t`${compareLabel} (${unit.unit})`;
  const periodHeading = byDay ? t`Day (${timeZone})` : t`Period (${timeZone})`;
  const { sizer, width, drawn, plot, drawnFor } = useChartFrame(
    'report-view',
    excelRef,
    ({ excelFile, excelNumbers }) => {
      const { energy } = excelNumbers(currentFormattingLocale());
      const cell = (kwh: number | null | undefined) => (kwh == null ? '' : energy.format(kwh * unit.factor));
      return excelFile(
        [periodHeading, sumHeading, ...(compareSums ? [compareHeading] : [])],
        tabled.map((index) => [
          periodName(rows[index]!),
          cell(sums[index]),
          ...(compareSums ? [cell(compareSums[index])] : []),
        ]),
        currentFormattingLocale(),
      );
    },
  );
  const plotWidth = Math.max(100, plot.width);
  // The running sums as drawn (one point per pixel column at most), the value axis over them, their paths.
  const { ticks, series } = useMemo(() => {
    const indexes = drawn
      ? drawnIndexes(compareSums ? [sums, compareSums.slice(0, sums.length)] : [sums], plotWidth)
      : [];
    const points: ChartPoint[] = indexes.map((index) => ({
      x: index,
      value: scaled(sums[index]),
      compare: scaled(compareSums?.[index]),
    }));
    const [low, high] = valueExtent(points, pointValue, pointCompare);
    const series = [rangeLineSeries(colors, (x, y) => linePath(points, pointValue, x, y))];
    if (compareSums) series.push(compareLineSeries(colors, (x, y) => linePath(points, pointCompare, x, y)));
    return { ticks: valueTicks(low, high), series };
    // `scaled` follows the unit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sums, compareSums, plotWidth, unit.factor, colors, drawn]);

  const isRaw = aggregation === 'raw';
  const tickStyle = periodTickStyle({ rows, aggregation, plotWidth, spanDays, timeZone });
  const formatTick = (index: number) => {
    const row = rows[Math.round(index)];
    if (!row) return '';
    return tickLabel(isRaw ? row.start : row.label, tickStyle);
  };
  const longest = Math.max(formatTick(0).length, formatTick(rows.length - 1).length, 1);
  const xTicks = tickIndexes(rows.length, labelsThatFit(plotWidth, longest));
  // The table windowed (a year of raw values lists 365 days' ends), every row when printing.
  const columns: Column[] = [
    periodHeading,
    numeric(sumHeading),
    ...(compareSums ? [numeric(compareHeading)] : []),
  ];
  const total = `${formatNumber(finalSum(sums) * unit.factor, { maximumFractionDigits: 3 })} ${unit.unit}`;
  return (
    <div ref={sizer}>
      <p className="hint">
        {t`Where periods hold no values the line is interrupted; after them the sum goes on with what was delivered (a gap adds nothing, it is not counted as 0).`}
      </p>
      {rows.length < 2 ? (
        <p className="notice" role="status">
          {t`The range is one period: there is nothing to add up. Choose a finer aggregation or a longer range.`}
        </p>
      ) : (
        <div
          ref={ref}
          className="feed-chart"
          // Only once drawn at its width (the first render measures it).
          data-drawn-for={drawnFor(`cumulative/${range.from}/${range.to}/${aggregation}/${timeZone}`)}
        >
          <ChartSurface
            count={rows.length}
            indexAt={(x) => Math.round(((x - plot.left) / plot.width) * (rows.length - 1))}
            xOf={(index) => plot.left + (index / (rows.length - 1)) * plot.width}
            linesOf={(index) => {
              const row = rows[index]!;
              const sum = (kwh: number | null | undefined) => {
                const value = scaled(kwh);
                return value === null
                  ? t`no data`
                  : `${formatNumber(value, { maximumFractionDigits: 3 })} ${unit.unit}`;
              };
              return [
                t`Up to the end of ${row.label} (${timeZone})`,
                `${t`This range`}: ${sum(sums[index])}`,
                ...(compareSums ? [`${compareLabel}: ${sum(compareSums[index])}`] : []),
              ];
            }}
            plot={plot}
            label={surfaceLabel(
              t`Cumulative feed-in in ${unit.unit}, ${timeZone}: ${total} at the end of the range`,
            )}
          >
            <SeriesChart
              width={width}
              colors={colors}
              unit={unit}
              ticks={ticks}
              xAxis={{ domain: [0, rows.length - 1], ticks: xTicks, interval: 0, tickFormatter: formatTick }}
              series={series}
            />
          </ChartSurface>
          {compareSums && <ChartLegend colors={colors} compareLabel={compareLabel} />}
        </div>
      )}
      <WindowedTable
        label={t`Running sums as a table`}
        caption={t`The energy delivered from the start of the range up to the end of each period, in ${unit.unit}; empty where a period holds no values.`}
        columns={columns}
        count={tabled.length}
        printAll={printing}
        row={(tableRow, rowIndex) => {
          const index = tabled[tableRow]!;
          return (
            <tr key={index} aria-rowindex={rowIndex}>
              <th scope="row">{periodName(rows[index]!)}</th>
              <td className="numeric">{sumText(sums[index], unit.factor)}</td>
              {compareSums && <td className="numeric">{sumText(compareSums[index], unit.factor)}</td>}
            </tr>
          );
        }}
      />
    </div>
  );
}

function sumText(kwh: number | null | undefined, factor: number): string {
  if (kwh === undefined) return '—';
  return kwh === null
    ? t`no data`
    : formatNumber(kwh * factor, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
}
