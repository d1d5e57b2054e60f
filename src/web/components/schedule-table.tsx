import { t } from '@lingui/core/macro';
import { ColumnHeaders, numeric } from './column-headers.tsx';
import { SpacerRow } from './spacer-row.tsx';
import { useWindowedRows } from '../lib/use-windowed-rows.ts';
import { memo, useRef } from 'react';
import type { ChargeExecution } from '../../contract/charge-schedule.ts';
import { ScrollRegion } from './scroll-region.tsx';
import { formatChargeAmount } from '../lib/charge-amount.ts';
import { formatDate } from '../lib/format.ts';

/** Up to this many executions every row is in the page; a longer schedule renders the rows in view. */
export const ALL_ROWS_UP_TO = 60;
/** One line per row (the cells do not wrap): the height before a row is measured. */
const ROW_HEIGHT = 33;
const COLUMNS = 7;

/** A charge's executions, the type that signs their amounts, and the locale that formats them. */
export interface ScheduleProps {
  rows: readonly ChargeExecution[];
  typeOfTransaction: string;
  locale: string;
}

/**
 * Every execution of a charge's schedule (the charges form's preview, an approval's booking): due date and money first, the internal ID last, so a narrow screen
 * shows the amounts. A long schedule (up to 600 executions) is windowed with @tanstack/react-virtual inside
 * the table's scroll region, so a keystroke in the amount renders some 30 rows, not 600. Memoised: the
 * preview hands it a deferred copy of the rows, and it renders only when that copy changes.
 */
export const ScheduleTable = memo(function ScheduleTable({ rows, typeOfTransaction, locale }: ScheduleProps) {
  const table = useRef<HTMLTableElement>(null);
  const { indexes, before, after, measure } = useWindowedRows({
    count: rows.length,
    windowed: rows.length > ALL_ROWS_UP_TO,
    rowHeight: ROW_HEIGHT,
    overscan: 10,
    // ScrollRegion's scrolling element holds the table directly.
    getScrollElement: () => table.current?.parentElement ?? null,
  });
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
          <ColumnHeaders
            rowIndex={1}
            columns={[
              numeric(t`No.`),
              t`Due date`,
              numeric(t`Net`),
              numeric(t`VAT`),
              numeric(t`Gross`),
              numeric(t`VAT rate`),
              t`Internal ID`,
            ]}
          />
        </thead>
        <tbody>
          <SpacerRow height={before} columns={COLUMNS} />
          {indexes.map((index) => {
            const row = rows[index]!;
            return (
              <tr key={row.n} aria-rowindex={index + 2} data-index={index} ref={measure}>
                <td className="numeric">{row.n}</td>
                <td>{formatDate(row.due_date)}</td>
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
