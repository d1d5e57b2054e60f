import { t } from '@lingui/core/macro';
import { numeric, type Column } from '../../../components/column-headers.tsx';
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
import type { HeatmapDayRow } from '../heatmap/heatmap-cells.ts';

/**
 * The heatmap as a table: one row per day (its row in the heatmap) with its hours, energy, peak quarter
 * hour and values held of those expected, and its specific yield when the nameplate power is known.
 * Virtualised as the periods' table is (a year's 365 rows cost the switch to the heatmap ~30 ms of layout);
 * `printAll` renders every row for the print view.
 */
export function HeatmapTable({
  rows,
  timeZone,
  capacityKw,
  printAll,
}: {
  rows: readonly HeatmapDayRow[];
  timeZone: string;
  capacityKw: number | null;
  printAll: boolean;
}) {
  const period = periodColumns();
  const columns: Column[] = [
    t`Day (${timeZone})`,
    period.hours,
    period.energy,
    numeric(t`Peak quarter hour`),
    period.values,
    period.status,
    ...(capacityKw ? [period.specificYield] : []),
  ];
  return (
    <WindowedTable
      label={t`Days of the heatmap`}
      caption={t`One row per day of the heatmap in ${timeZone}: energy in kWh, the quarter hour with the most energy, values held of those expected.`}
      columns={columns}
      count={rows.length}
      printAll={printAll}
      row={(index, rowIndex) => {
        const row = rows[index]!;
        return (
          <tr key={row.start} aria-rowindex={rowIndex} className={ROW_CLASS[row.status]}>
            <th scope="row">{row.label}</th>
            <HoursCell row={row} />
            <EnergyCell row={row} />
            <td className="numeric">
              {row.peak ? `${row.peak.label.slice(11)}: ${kwhText(row.peak.energyKwh)}` : '—'}
            </td>
            <ValuesCell row={row} />
            <StatusCell status={row.status} cut={row.cut} />
            {capacityKw ? <td className="numeric">{yieldText(row.energyKwh, capacityKw)}</td> : null}
          </tr>
        );
      }}
    />
  );
}
