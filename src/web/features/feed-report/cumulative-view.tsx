import { t } from '@lingui/core/macro';
import { useEffect, useMemo, type Ref, type RefObject } from 'react';
import { ChartLegend } from './chart-legend.tsx';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  axisTick,
  compareLineProps,
  seriesLineProps,
  tooltipStyle,
  valueAxisProps,
  VALUE_AXIS_PX,
} from './chart-style.ts';
import type { AggregationType } from '../../../contract/api/feed.ts';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { COMPACT_BELOW_PX, labelsThatFit, tickIndexes, tickLabel, type TickStyle } from './chart-ticks.ts';
import { drawnIndexes, finalSum, runningSums, tabledIndexes } from './cumulative-sum.ts';
import type { ChartColors } from './chart-colors.ts';
import type { ViewExcel } from './report-view-body.tsx';
import type { DateRange } from './report-range.ts';
import { energyUnit, type ReportRow } from './report-rows.ts';
import { useElementWidth } from './use-element-width.ts';

const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

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
  excelRef,
}: {
  ref: Ref<HTMLDivElement>;
  rows: readonly ReportRow[];
  compareRows: readonly ReportRow[] | null;
  compareLabel: string;
  aggregation: AggregationType;
  range: DateRange;
  timeZone: string;
  spanDays: number;
  colors: ChartColors;
  excelRef: RefObject<ViewExcel | null>;
}) {
  const sums = useMemo(() => runningSums(rows), [rows]);
  const compareSums = useMemo(() => (compareRows ? runningSums(compareRows) : null), [compareRows]);
  const [sizer, width] = useElementWidth<HTMLDivElement>();
  const plotWidth = Math.max(100, width - MARGIN.left - MARGIN.right - VALUE_AXIS_PX);
  const unit = energyUnit(Math.max(finalSum(sums), compareSums ? finalSum(compareSums) : 0));
  const scaled = (kwh: number | null | undefined) => (kwh == null ? null : kwh * unit.factor);
  const points = useMemo(
    () =>
      drawnIndexes(compareSums ? [sums, compareSums.slice(0, sums.length)] : [sums], plotWidth).map(
        (index) => ({ x: index, value: scaled(sums[index]), compare: scaled(compareSums?.[index]) }),
      ),
    // `scaled` follows the unit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sums, compareSums, plotWidth, unit.factor],
  );
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
  useEffect(() => {
    excelRef.current = ({ excelFile, excelNumbers }) => {
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
    };
    return () => {
      excelRef.current = null;
    };
  });

  const isRaw = aggregation === 'raw';
  const tickStyle: TickStyle = {
    aggregation,
    compact: plotWidth < COMPACT_BELOW_PX,
    oneYear: rows[0]?.label.slice(0, 4) === rows.at(-1)?.label.slice(0, 4),
    spanDays,
    timeZone,
    locale: currentFormattingLocale(),
  };
  const formatTick = (index: number) => {
    const row = rows[Math.round(index)];
    if (!row) return '';
    return tickLabel(isRaw ? row.start : row.label, tickStyle);
  };
  const longest = Math.max(formatTick(0).length, formatTick(rows.length - 1).length, 1);
  const ticks = tickIndexes(rows.length, labelsThatFit(plotWidth, longest));
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
          role="img"
          aria-label={t`Cumulative feed-in in ${unit.unit}, ${timeZone}: ${total} at the end of the range`}
          data-drawn-for={`cumulative/${range.from}/${range.to}/${aggregation}/${timeZone}`}
        >
          <LineChart width={width} height={320} data={points} margin={MARGIN}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="x"
              type="number"
              domain={[0, rows.length - 1]}
              ticks={ticks}
              interval={0}
              tickFormatter={formatTick}
              stroke={colors.text}
              tick={axisTick(colors)}
            />
            <YAxis {...valueAxisProps(colors, unit)} />
            <Tooltip
              isAnimationActive={false}
              labelFormatter={(index) => {
                const row = rows[Number(index)];
                return row ? t`Up to the end of ${row.label} (${timeZone})` : '';
              }}
              formatter={(value) => [
                value == null
                  ? t`no data`
                  : `${formatNumber(Number(value), { maximumFractionDigits: 3 })} ${unit.unit}`,
              ]}
              contentStyle={tooltipStyle(colors)}
            />
            <Line dataKey="value" name={t`This range`} {...seriesLineProps(colors)} />
            {compareSums && <Line dataKey="compare" name={compareLabel} {...compareLineProps(colors)} />}
          </LineChart>
          {compareSums && (
            <ChartLegend
              colors={colors}
              compareLabel={compareLabel}
              shapes={{ range: 'line', compare: 'dashed' }}
            />
          )}
        </div>
      )}
      <ScrollRegion label={t`Running sums as a table`} className="report-table">
        <table className="table">
          <caption className="visually-hidden">
            {t`The energy delivered from the start of the range up to the end of each period, in ${unit.unit}; empty where a period holds no values.`}
          </caption>
          <thead>
            <ColumnHeaders
              columns={[
                periodHeading,
                numeric(sumHeading),
                ...(compareSums ? [numeric(compareHeading)] : []),
              ]}
            />
          </thead>
          <tbody>
            {tabled.map((index) => (
              <tr key={index}>
                <th scope="row">{periodName(rows[index]!)}</th>
                <td className="numeric">{sumText(sums[index], unit.factor)}</td>
                {compareSums && <td className="numeric">{sumText(compareSums[index], unit.factor)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

function sumText(kwh: number | null | undefined, factor: number): string {
  if (kwh === undefined) return '—';
  return kwh === null
    ? t`no data`
    : formatNumber(kwh * factor, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
}
