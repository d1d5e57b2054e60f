import { t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import type { Approval } from '../../../contract/approvals.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useMarkDecisionsSeen } from './api/decisions-for-me-requests.ts';
import { useMyDecidedApprovals } from './api/get-my-decided-approvals.ts';
import { RequestCell } from './request-cell.tsx';
import { approvalStatusWord, personName } from './approval-text.ts';

/** Decided by someone else (or the clock) after the requester last looked; their own withdrawals are no news. */
const isNewTo = (approval: Approval, previouslySeenAt: string | null) =>
  approval.decided_at !== null &&
  approval.decided_by !== approval.requested_by &&
  (previouslySeenAt === null || Date.parse(approval.decided_at) > Date.parse(previouslySeenAt));

/**
 * What became of the signed-in user's own requests (issue 42: a rejection was never shown to the person
 * who asked, since the list shows pending ones unless told otherwise): the latest decisions with who
 * decided and a rejection's reason, those decided since they last looked marked new. Once shown, the BFF
 * records that they looked, and the navigation's note goes.
 */
export function MyDecidedRequests({ locale }: { locale: string }) {
  const decided = useMyDecidedApprovals();
  const { mutate: markSeen, data: seen } = useMarkDecisionsSeen();
  const marked = useRef(false);
  const shown = decided.isSuccess && decided.data.count > 0;
  useEffect(() => {
    // Once per visit, and only when the decisions are on the screen.
    if (!shown || marked.current) return;
    marked.current = true;
    markSeen();
  }, [shown, markSeen]);

  if (!decided.data || decided.data.count === 0) return null;
  const { results, count } = decided.data;
  return (
    <section className="my-decided" aria-labelledby="my-decided-heading" data-testid="my-decided-requests">
      <h2 id="my-decided-heading">{t`Your requests, decided`}</h2>
      {count > results.length && (
        <p className="hint">
          {t`The latest ${formatNumber(results.length)} of ${formatNumber(count)}; “Show: All requests” lists every one.`}
        </p>
      )}
      <DataTable
        label={t`Your decided requests`}
        caption={t`Your requests, newest decision first`}
        className="table approvals-table"
        columns={[t`Request`, t`Decision`, t`Decided by`, t`Decided at`, t`Reason`]}
      >
        {results.map((approval) => (
          <tr key={approval.id}>
            <RequestCell approval={approval} locale={locale} />
            <td>
              {approvalStatusWord(approval)}
              {seen && isNewTo(approval, seen.previously_seen_at) && (
                <>
                  {' '}
                  <span className="tag">{t`new`}</span>
                </>
              )}
            </td>
            <td>
              {approval.decided_by === null
                ? '—'
                : approval.decided_by === approval.requested_by
                  ? t`you`
                  : personName(approval.decided_by, approval.decided_by_display_name)}
            </td>
            <td className="nowrap">{approval.decided_at ? formatDateTime(approval.decided_at) : '—'}</td>
            <td>{approval.reason ?? '—'}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
