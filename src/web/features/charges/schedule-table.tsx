import { t } from '@lingui/core/macro';
import { SpacerRow } from '../../components/spacer-row.tsx';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { ChargeExecution } from '../../../contract/charge-schedule.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatChargeAmount } from '../../lib/charge-amount.ts';

/** Up to this many executions every row is in the page; a longer schedule renders the rows in view. */
export const ALL_ROWS_UP_TO = 60;
/** One line per row (the cells do not wrap): the height before a row is measured. */
const ROW_HEIGHT = 33;
const COLUMNS = 7;

/**
 * Every execution of the schedule: due date and money first, the internal ID last, so a narrow screen
 * shows the amounts. A long schedule (up to 600 executions) is windowed with @tanstack/react-virtual inside
 * the table's scroll region, so a keystroke in the amount renders some 30 rows, not 600. Memoised: the
 * preview hands it a deferred copy of the rows, and it renders only when that copy changes.
 */
export const ScheduleTable = memo(function ScheduleTable({
  rows,
  typeOfTransaction,
  locale,
}: {
  rows: readonly ChargeExecution[];
  typeOfTransaction: string;
  locale: string;
}) {
  const table = useRef<HTMLTableElement>(null);
  const windowed = rows.length > ALL_ROWS_UP_TO;
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: windowed,
    // ScrollRegion's scrolling element holds the table directly.
    getScrollElement: () => table.current?.parentElement ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = windowed
    ? virtualizer.getVirtualItems()
    : rows.map((_, index) => ({ index, start: index * ROW_HEIGHT, end: (index + 1) * ROW_HEIGHT }));
  const before = windowed ? (items[0]?.start ?? 0) : 0;
  const after = windowed ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const money = (cents: number) => formatChargeAmount(cents, typeOfTransaction, locale);
  return (
    <ScrollRegion label={t`Schedule`} className="schedule-scroll">
      <table
        ref={table}
        className="table schedule-table"
        data-testid="schedule-preview"
        aria-rowcount={rows.length + 1}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="numeric">
              {t`No.`}
            </th>
            <th scope="col">{t`Due date`}</th>
            <th scope="col" className="numeric">
              {t`Net`}
            </th>
            <th scope="col" className="numeric">
              {t`VAT`}
            </th>
            <th scope="col" className="numeric">
              {t`Gross`}
            </th>
            <th scope="col" className="numeric">
              {t`VAT rate`}
            </th>
            <th scope="col">{t`Internal ID`}</th>
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={before} columns={COLUMNS} />
          {items.map(({ index }) => {
            const row = rows[index]!;
            return (
              <tr
                key={row.n}
                aria-rowindex={index + 2}
                data-index={index}
                ref={windowed ? virtualizer.measureElement : undefined}
              >
                <td className="numeric">{row.n}</td>
                <td>{row.due_date}</td>
                <td className="numeric">{money(row.netCent)}</td>
                <td className="numeric">{money(row.vatCent)}</td>
                <td className="numeric">{money(row.grossCent)}</td>
                <td className="numeric">{row.ratePercent} %</td>
                <td>{row.internal_id}</td>
              </tr>
            );
          })}
          <SpacerRow height={after} columns={COLUMNS} />
        </tbody>
      </table>
    </ScrollRegion>
  );
});
