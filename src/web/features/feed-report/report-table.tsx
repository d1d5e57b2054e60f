import { formatNumber } from '../../lib/format.ts';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import { SpacerRow } from '../../components/spacer-row.tsx';
import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import type { ReportRow } from './report-rows.ts';
import { rowValuesText, statusText } from './completeness-text.ts';
import { ROW_CLASS, useWindowedTable } from './windowed-table.ts';
import { StatusCell, yieldText } from './table-cells.tsx';

// A day's length shows the DST days (23 and 25 hours) at a glance.
const COLUMNS = 5;

/**
 * One row per calendar period of the range, in its own scroll region (sideways too, on a phone),
 * virtualised (@tanstack/react-virtual) so a year of 15-minute rows scrolls smoothly; the header stays.
 * `printAll` renders every row for the print view. Memoised: a change the rows do not see (the chart's
 * width, a comparison, a download) does not render it again.
 */
export const ReportTable = memo(function ReportTable({
  rows,
  timeZone,
  printAll,
  capacityKw = null,
}: {
  rows: readonly ReportRow[];
  timeZone: string;
  printAll: boolean;
  /** With the nameplate power, a column of each period's specific yield (kWh/kWp). */
  capacityKw?: number | null;
}) {
  const columns = COLUMNS + (capacityKw ? 1 : 0);
  const { holder, indexes, before, after } = useWindowedTable(rows.length, printAll);
  return (
    <div ref={holder}>
      <ScrollRegion label={t`Periods of the report`} className="report-table">
        <table className="table" aria-rowcount={rows.length + 1}>
          <caption className="visually-hidden">
            {t`One row per period in ${timeZone}; energy in kWh; values held of those expected. ${formatNumber(rows.length)} periods.`}
          </caption>
          <thead>
            <ColumnHeaders
              rowIndex={1}
              columns={[
                t`Period (${timeZone})`,
                numeric(t`Hours`),
                numeric(t`Energy (kWh)`),
                numeric(t`Values`),
                t`Status`,
                ...(capacityKw ? [numeric(t`Specific yield (kWh/kWp)`)] : []),
              ]}
            />
          </thead>
          <tbody>
            <SpacerRow height={before} columns={columns} />
            {indexes.map((index) => {
              const row = rows[index]!;
              return (
                <tr key={row.start} aria-rowindex={index + 2} className={ROW_CLASS[row.status]}>
                  <th scope="row">{row.label}</th>
                  <td className="numeric">
                    {formatNumber((row.end - row.start) / 3_600_000, { maximumFractionDigits: 4 })}
                  </td>
                  <td className="numeric">
                    {row.energyKwh === null
                      ? statusText(row.status)
                      : formatNumber(row.energyKwh, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}
                  </td>
                  <td className="numeric">{rowValuesText(row)}</td>
                  <StatusCell status={row.status} />
                  {capacityKw ? <td className="numeric">{yieldText(row.energyKwh, capacityKw)}</td> : null}
                </tr>
              );
            })}
            <SpacerRow height={after} columns={columns} />
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
});
