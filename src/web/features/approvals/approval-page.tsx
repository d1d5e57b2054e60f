import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Approval } from '../../../contract/approvals.ts';
import { canWrite } from '../../../contract/bff-api.ts';
import { RoleRequired } from '../../components/role-required.tsx';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useApproval } from './api/get-approval.ts';
import { ApprovalActions } from './approval-actions.tsx';
import { ApprovalOutcome } from './approval-outcome.tsx';
import { approvalStatusWord, approvalSubject, personName } from './approval-text.ts';
import { BulkApprovalContent, ChargeApprovalContent } from './approval-content.tsx';
import { WindowBookings } from './window-bookings.tsx';

/**
 * One request: exactly what will be sent (or what a bulk campaign books), who asked and until when, the
 * decisions the signed-in person may take, and what came of it afterwards.
 */
export function ApprovalPage({ id }: { id: string }) {
  const user = useCurrentUser();
  if (!canWrite(user.role)) return <RoleRequired title={t`Approval request`} what={t`Approving bookings`} />;
  return <ApprovalRequest id={id} />;
}

function ApprovalRequest({ id }: { id: string }) {
  const approval = useApproval(id);
  return (
    <div className="page page--wide approval">
      <h1>{t`Approval request`}</h1>
      <p>
        <Link to="/approvals">{t`All approvals`}</Link>
      </p>
      {approval.isPending && <p role="status">{t`Loading the request…`}</p>}
      {approval.isError && <p role="alert">{approval.error.message}</p>}
      {approval.data && <ApprovalView approval={approval.data} />}
    </div>
  );
}

function ApprovalView({ approval }: { approval: Approval }) {
  const user = useCurrentUser();
  const locale = currentFormattingLocale();
  // A refused decision, kept above the request: its new state (decided by someone else) replaces the form.
  const [problem, setProblem] = useState<string | null>(null);
  // The decision's form is at the bottom: the refusal, up here, takes the focus so it is seen and read.
  const problemNotice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) problemNotice.current?.focus();
  }, [problem]);
  const requester = personName(approval.requested_by, approval.requested_by_display_name);
  const requestedAt = formatDateTime(approval.requested_at);
  const decider = approval.decided_by
    ? personName(approval.decided_by, approval.decided_by_display_name)
    : '';
  const decidedAt = approval.decided_at ? formatDateTime(approval.decided_at) : '';
  // An approved booking's page leads to the contract's, where it is listed with the others.
  const contractId = approval.contract_id;
  return (
    <>
      <p className="lead" data-testid="approval-subject">
        {approvalSubject(approval, locale)}
      </p>
      {approval.status === 'approved' && contractId && (
        <p>
          <Link
            to="/producers/$userID/contracts/$contractID"
            params={{ userID: approval.user_id, contractID: contractId }}
          >
            {t`All bookings of contract ${contractId}`}
          </Link>
        </p>
      )}
      <dl className="record approval-facts">
        <div>
          <dt>{t`Status`}</dt>
          <dd data-testid="approval-status">{approvalStatusWord(approval)}</dd>
        </div>
        <div>
          <dt>{t`Requested`}</dt>
          <dd>
            {approval.requested_by === user.username
              ? t`by you, ${requestedAt}`
              : t`by ${requester}, ${requestedAt}`}
          </dd>
        </div>
        {approval.status === 'pending' && (
          <div>
            <dt>{t`Expires`}</dt>
            <dd>{formatDateTime(approval.expires_at)}</dd>
          </div>
        )}
        {decider && decidedAt && (
          <div>
            <dt>{t`Decided`}</dt>
            <dd>{t`by ${decider}, ${decidedAt}`}</dd>
          </div>
        )}
      </dl>
      {problem && (
        <p
          className="error-summary"
          role="alert"
          data-testid="approval-problem"
          ref={problemNotice}
          tabIndex={-1}
        >
          {problem}
        </p>
      )}
      <ApprovalOutcome approval={approval} locale={locale} />
      {/* What is asked comes before the decision on it: the approver reads it on the way to the buttons. */}
      {approval.campaign ? (
        <BulkApprovalContent approval={approval} campaign={approval.campaign} locale={locale} />
      ) : (
        <ChargeApprovalContent approval={approval} locale={locale} />
      )}
      <WindowBookings approval={approval} locale={locale} />
      <ApprovalActions approval={approval} report={setProblem} />
    </>
  );
}
