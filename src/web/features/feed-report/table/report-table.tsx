import { formatNumber } from '../../../lib/format.ts';
import { numeric, type Column } from '../../../components/column-headers.tsx';
import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { energyDifference, type EnergyDifference } from '../../../../contract/feed-period-rules.ts';
import type { ReportRow } from '../data/report-rows.ts';
import { coveredDaysText } from '../data/completeness-text.ts';
import { useElementWidth } from '../use-element-width.ts';
import { ROW_CLASS, WindowedTable } from './windowed-table.tsx';
import {
  EnergyCell,
  HoursCell,
  kwhText,
  periodColumns,
  StatusCell,
  ValuesCell,
  yieldText,
} from './table-cells.tsx';

/**
 * Below this width a compared table shows the difference in per cent only, and leaves out the hours, the
 * values (the status still says which periods lack values), the compared figure and the difference in kWh
 * (the chart's tooltip, the summary, Excel and a wider window have them), so it scrolls sideways no more
 * than without the comparison (measured at 390 px: German 57 px without it, 151 px with every column).
 * The cells stay in the row, hidden, so the row's styles find their columns where they were.
 */
export const NARROW_TABLE_PX = 600;
/** Hours, values, the compared figure and the difference in kWh, by position. */
const LEFT_OUT_WHEN_NARROW = [1, 3, 5, 6];

/** "+12.300" and "−3.5 %": a difference with its sign; a dash where either side has no value. */
export function differenceTexts(difference: EnergyDifference | null): { kwh: string; percent: string } {
  if (!difference) return { kwh: '—', percent: '—' };
  return {
    kwh: formatNumber(difference.kwh, {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
      signDisplay: 'exceptZero',
    }),
    percent:
      difference.share === null
        ? '—'
        : formatNumber(difference.share, {
            style: 'percent',
            maximumFractionDigits: 1,
            signDisplay: 'exceptZero',
          }),
  };
}

/**
 * One row per calendar period of the range, in its own scroll region (sideways too, on a phone),
 * virtualised (@tanstack/react-virtual) so a year of 15-minute rows scrolls smoothly; the header stays.
 * `printAll` renders every row for the print view. A period the range cuts is named with the days it
 * covers and marked partial; with a comparison, each period's compared figure and the difference.
 * Memoised: a change the rows do not see (the chart's width, a download) does not render it again.
 */
export const ReportTable = memo(function ReportTable({
  rows,
  timeZone,
  printAll,
  capacityKw = null,
  compareRows = null,
  compareLabel = '',
}: {
  rows: readonly ReportRow[];
  timeZone: string;
  printAll: boolean;
  /** With the nameplate power, a column of each period's specific yield (kWh/kWp). */
  capacityKw?: number | null;
  /** The compared range's rows, period by period (the same aggregation, as the chart pairs them). */
  compareRows?: readonly ReportRow[] | null;
  compareLabel?: string;
}) {
  const [holder, width] = useElementWidth<HTMLDivElement>('report-table');
  const compared = compareRows !== null;
  const narrow = compared && !printAll && width > 0 && width < NARROW_TABLE_PX;
  const partial = rows.some((row) => row.cut);
  const period = periodColumns();
  const columns: Column[] = [
    t`Period (${timeZone})`,
    period.hours,
    period.energy,
    period.values,
    period.status,
    ...(compared
      ? [numeric(t`${compareLabel} (kWh)`), numeric(t`Difference (kWh)`), numeric(t`Difference (%)`)]
      : []),
    ...(capacityKw ? [period.specificYield] : []),
  ];
  return (
    <div ref={holder} className="report-table-holder">
      <WindowedTable
        label={t`Periods of the report`}
        caption={t`One row per period in ${timeZone}; energy in kWh; values held of those expected. ${formatNumber(rows.length)} periods.`}
        columns={columns}
        hiddenColumns={narrow ? LEFT_OUT_WHEN_NARROW : []}
        count={rows.length}
        printAll={printAll}
        row={(index, rowIndex) => {
          const row = rows[index]!;
          const compareRow = compareRows?.[index];
          const difference = differenceTexts(
            energyDifference(row.energyKwh, compareRow ? compareRow.energyKwh : null),
          );
          return (
            <tr key={row.start} aria-rowindex={rowIndex} className={ROW_CLASS[row.status]}>
              <th scope="row">
                {row.label}
                {row.cut && (
                  <>
                    <br />({coveredDaysText(row.cut, timeZone)})
                  </>
                )}
              </th>
              <HoursCell row={row} hidden={narrow} />
              <EnergyCell row={row} />
              <ValuesCell row={row} hidden={narrow} />
              <StatusCell status={row.status} cut={row.cut} />
              {compared && (
                <>
                  <td className="numeric" hidden={narrow}>
                    {kwhText(compareRow?.energyKwh)}
                  </td>
                  <td className="numeric" hidden={narrow}>
                    {difference.kwh}
                  </td>
                  <td className="numeric">{difference.percent}</td>
                </>
              )}
              {capacityKw ? <td className="numeric">{yieldText(row.energyKwh, capacityKw)}</td> : null}
            </tr>
          );
        }}
      />
      {narrow && (
        <p className="hint">
          {t`On a narrow screen the table gives the difference in per cent; the compared figures, hours and values are in the chart’s tooltip, the Excel file and a wider window.`}
        </p>
      )}
      {partial && (
        <p className="hint">
          {t`Partial: a period the report’s range cuts; its dates, hours and values are those inside the range, and it is never the peak. Incomplete: a period lacking values.`}
        </p>
      )}
    </div>
  );
});
