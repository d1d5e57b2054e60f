import { formatNumber } from '../../lib/format.ts';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import { SpacerRow } from '../../components/spacer-row.tsx';
import { useWindowedRows } from '../../lib/use-windowed-rows.ts';
import { t } from '@lingui/core/macro';
import { useRef } from 'react';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import type { ReportRow } from './report-rows.ts';
import { rowValuesText, statusText } from './completeness-text.ts';

const ROW_HEIGHT = 33;

// A day's length shows the DST days (23 and 25 hours) at a glance.
const COLUMNS = 5;

const ROW_CLASS = {
  complete: undefined,
  incomplete: 'incomplete-row',
  gap: 'gap-row',
  'not-yet-delivered': 'pending-row',
} as const;

/**
 * One row per calendar period of the range, in its own scroll region (sideways too, on a phone),
 * virtualised (@tanstack/react-virtual) so a year of 15-minute rows scrolls smoothly; the header stays.
 * `printAll` renders every row for the print view.
 */
export function ReportTable({
  rows,
  timeZone,
  printAll,
}: {
  rows: readonly ReportRow[];
  timeZone: string;
  printAll: boolean;
}) {
  // The shared scroll region (its hint says when columns are off to the side) is the virtualiser's
  // scroller; it takes no ref, so it is found inside this holder.
  const holder = useRef<HTMLDivElement>(null);
  const { indexes, before, after } = useWindowedRows({
    count: rows.length,
    windowed: !printAll,
    rowHeight: ROW_HEIGHT,
    overscan: 12,
    getScrollElement: () => holder.current?.querySelector<HTMLElement>('.table-scroll') ?? null,
  });
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
              ]}
            />
          </thead>
          <tbody>
            <SpacerRow height={before} columns={COLUMNS} />
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
                  <td className="status">
                    {row.status === 'incomplete' && <span aria-hidden="true">◐ </span>}
                    {row.status === 'not-yet-delivered' && <span aria-hidden="true">… </span>}
                    {statusText(row.status)}
                  </td>
                </tr>
              );
            })}
            <SpacerRow height={after} columns={COLUMNS} />
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
