import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { ApprovalRow } from '../../../contract/approvals.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { transactionTypeWord } from '../../lib/charge-amount.ts';
import { formatNumber } from '../../lib/format.ts';
import { bulkRowAnswer } from '../../lib/bulk-row-answer.ts';
import { APPROVAL_ROWS_PAGE, useApprovalRows } from './api/get-approval-rows.ts';

/** Whether a row is sent, in words: repeats and rows booked before are marked, so the approver can catch them. */
function rowFate(row: ApprovalRow): string {
  switch (row.status) {
    case 'pending':
      return t`sent when approved`;
    case 'duplicate':
      return t`not sent: identical to an earlier row`;
    case 'skipped':
      return t`not sent: booked before`;
    case 'invalid':
      return t`not sent: problems in the file`;
    default:
      return row.status;
  }
}

/**
 * A bulk campaign's rows, a page at a time (issue 42): the totals alone hid two identical rows, so the approver
 * reads what each row books and whether it is sent.
 */
export function CampaignRows({ approvalId, locale }: { approvalId: string; locale: string }) {
  const [offset, setOffset] = useState(0);
  const query = useApprovalRows(approvalId, offset);
  const label = t`Rows of the file`;
  if (query.isPending) return <p role="status">{t`Loading the rows…`}</p>;
  if (query.isError)
    return (
      <p className="error-summary" role="alert">
        {query.error.message}
      </p>
    );
  const page = query.data;
  const from = formatNumber(offset + 1);
  const to = formatNumber(offset + page.results.length);
  const count = formatNumber(page.count);
  return (
    <>
      <h3>{label}</h3>
      <ScrollRegion label={label}>
        <table className="table table--values" aria-label={label} data-testid="approval-rows">
          <thead>
            <ColumnHeaders
              columns={[numeric(t`Row`), t`Contract`, t`Type`, t`Display name`, numeric(t`Gross`), t`Sent?`]}
            />
          </thead>
          <tbody>
            {page.results.map((row) => (
              <tr key={row.row} className={row.status === 'pending' ? undefined : 'table-row--muted'}>
                <td className="numeric">{formatNumber(row.row)}</td>
                <td>
                  <code>
                    {row.user_id}/{row.contract_id}
                  </code>
                </td>
                <td>{row.type_of_transaction ? transactionTypeWord(row.type_of_transaction) : '—'}</td>
                <td>{row.display_name ?? '—'}</td>
                <td className="numeric">
                  {row.gross_cent === null ? '—' : formatCents(row.gross_cent, locale)}
                </td>
                <td>
                  {rowFate(row)}
                  {row.status !== 'pending' && row.message && (
                    <span className="hint"> — {bulkRowAnswer(row)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="hint">{t`Rows ${from}–${to} of ${count}.`}</p>
      {(page.previous || page.next) && (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={!page.previous}
            onClick={() => setOffset(Math.max(0, offset - APPROVAL_ROWS_PAGE))}
          >
            {t`Previous rows`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!page.next}
            onClick={() => setOffset(offset + APPROVAL_ROWS_PAGE)}
          >
            {t`Next rows`}
          </button>
        </div>
      )}
    </>
  );
}
