import { formatNumber } from '../../lib/format.ts';
import { numeric } from '../../components/column-headers.tsx';
import { t } from '@lingui/core/macro';
import { memo } from 'react';
import type { ReportRow } from './report-rows.ts';
import { rowValuesText, statusText } from './completeness-text.ts';
import { ROW_CLASS, WindowedTable } from './windowed-table.tsx';
import { StatusCell, yieldText } from './table-cells.tsx';

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
  return (
    <WindowedTable
      label={t`Periods of the report`}
      caption={t`One row per period in ${timeZone}; energy in kWh; values held of those expected. ${formatNumber(rows.length)} periods.`}
      columns={[
        t`Period (${timeZone})`,
        // A day's length shows the DST days (23 and 25 hours) at a glance.
        numeric(t`Hours`),
        numeric(t`Energy (kWh)`),
        numeric(t`Values`),
        t`Status`,
        ...(capacityKw ? [numeric(t`Specific yield (kWh/kWp)`)] : []),
      ]}
      count={rows.length}
      printAll={printAll}
      row={(index, rowIndex) => {
        const row = rows[index]!;
        return (
          <tr key={row.start} aria-rowindex={rowIndex} className={ROW_CLASS[row.status]}>
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
      }}
    />
  );
});
