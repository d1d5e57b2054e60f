import { t } from '@lingui/core/macro';
import { ColumnHeaders, numeric, type Column } from '../../components/column-headers.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatNumber } from '../../lib/format.ts';
import { rowValuesText, statusText } from './completeness-text.ts';
import type { HeatmapDayRow } from './heatmap-cells.ts';
import { specificYield } from './report-rows.ts';

const ROW_CLASS = {
  complete: undefined,
  incomplete: 'incomplete-row',
  gap: 'gap-row',
  'not-yet-delivered': 'pending-row',
} as const;

const kwhText = (kwh: number) => formatNumber(kwh, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * The heatmap as a table: one row per day (its row in the heatmap) with its hours, energy, peak quarter
 * hour and values held of those expected, and its specific yield when the nameplate power is known.
 */
export function HeatmapTable({
  rows,
  timeZone,
  capacityKw,
}: {
  rows: readonly HeatmapDayRow[];
  timeZone: string;
  capacityKw: number | null;
}) {
  const columns: Column[] = [
    t`Day (${timeZone})`,
    numeric(t`Hours`),
    numeric(t`Energy (kWh)`),
    numeric(t`Peak quarter hour`),
    numeric(t`Values`),
    t`Status`,
    ...(capacityKw ? [numeric(t`Specific yield (kWh/kWp)`)] : []),
  ];
  return (
    <ScrollRegion label={t`Days of the heatmap`} className="report-table">
      <table className="table">
        <caption className="visually-hidden">
          {t`One row per day of the heatmap in ${timeZone}: energy in kWh, the quarter hour with the most energy, values held of those expected.`}
        </caption>
        <thead>
          <ColumnHeaders columns={columns} />
        </thead>
        <tbody>
          {rows.map((row) => {
            const yieldKwhPerKw = specificYield(row.energyKwh, capacityKw);
            return (
              <tr key={row.start} className={ROW_CLASS[row.status]}>
                <th scope="row">{row.label}</th>
                <td className="numeric">
                  {formatNumber((row.end - row.start) / 3_600_000, { maximumFractionDigits: 2 })}
                </td>
                <td className="numeric">
                  {row.energyKwh === null ? statusText(row.status) : kwhText(row.energyKwh)}
                </td>
                <td className="numeric">
                  {row.peak ? `${row.peak.label.slice(11)}: ${kwhText(row.peak.energyKwh!)}` : '—'}
                </td>
                <td className="numeric">{rowValuesText(row)}</td>
                <td className="status">
                  {row.status === 'incomplete' && <span aria-hidden="true">◐ </span>}
                  {row.status === 'not-yet-delivered' && <span aria-hidden="true">… </span>}
                  {statusText(row.status)}
                </td>
                {capacityKw ? (
                  <td className="numeric">
                    {yieldKwhPerKw === null ? '—' : formatNumber(yieldKwhPerKw, { maximumFractionDigits: 3 })}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
