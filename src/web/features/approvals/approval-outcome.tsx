import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { chargeResponseSchema } from '../../../contract/api/charges.ts';
import type { Approval } from '../../../contract/approvals.ts';
import { BookedRecordsTable } from '../../components/booked-records-table.tsx';
import { describeFailure } from '../../lib/api-client.ts';
import { platformMessage } from '../../lib/known-messages.ts';
import { APPROVAL_REFUSAL_WORDS } from './approval-answers.ts';
import { signConvention } from '../../lib/charge-amount.ts';
import { formatDateTime } from '../../lib/format.ts';
import { personName } from './approval-text.ts';

/** The platform's records of an approved booking, or null when its answer is not what the contract says. */
function bookedRecords(approval: Approval) {
  const parsed = chargeResponseSchema.safeParse(approval.upstream_body);
  return parsed.success ? parsed.data.bonus_created.flatMap((entry) => Object.values(entry)) : null;
}

/**
 * What came of a request, said to everyone who opens it (the requester and the approver see the same):
 * booked with the platform's records, refused with the platform's words, sent without an answer, rejected
 * with the reason, withdrawn, expired. A pending request has no outcome yet.
 */
export function ApprovalOutcome({ approval, locale }: { approval: Approval; locale: string }) {
  const decider = approval.decided_by
    ? personName(approval.decided_by, approval.decided_by_display_name)
    : '';
  switch (approval.status) {
    case 'pending':
      return null;
    case 'sending':
      return (
        <p className="notice" role="status">
          {t`Approved: the console is sending it to the platform now.`}
        </p>
      );
    case 'approved': {
      if (approval.campaign)
        return (
          <div className="success" role="status" data-testid="approval-outcome">
            <h2>{t`Approved: the campaign has started`}</h2>
          </div>
        );
      if (approval.outcome === 'refused')
        return (
          <div className="error-summary" role="alert" data-testid="approval-outcome">
            <h2>{t`Refused by the platform: nothing was booked`}</h2>
            <p>
              {describeFailure(
                approval.upstream_status ?? 400,
                approval.upstream_body,
                // The platform's words as sent, with their meaning beside them in German; the console's own
                // note on a request it did not send (it changed after its approval) by its code.
                platformMessage,
                APPROVAL_REFUSAL_WORDS,
              )}
            </p>
          </div>
        );
      const records = bookedRecords(approval);
      return (
        <div data-testid="approval-outcome">
          <div className="success" role="status">
            <h2>{t`Booked`}</h2>
            <p>
              {records
                ? t`The platform booked it. Its records:`
                : t`The platform accepted it, but its answer is not the list of records the console expects.`}
            </p>
          </div>
          {records && (
            <>
              <p className="hint">{signConvention()}</p>
              <BookedRecordsTable records={records} locale={locale} />
            </>
          )}
        </div>
      );
    }
    case 'unknown':
      return (
        <div className="notice" role="status" data-testid="approval-outcome">
          <h2>{t`Sent, but no answer came`}</h2>
          <p>
            {t`It was approved and sent, but the platform's answer did not arrive: it may be booked. "Check and retry safely" sends the identical request again; the platform books it at most once.`}
          </p>
        </div>
      );
    case 'rejected': {
      const reason = approval.reason ?? '';
      return (
        <div className="notice" role="status" data-testid="approval-outcome">
          <h2>{t`Rejected: nothing was booked`}</h2>
          <p>
            <Trans>
              {decider} gave this reason: <q className="approval-reason">{reason}</q>
            </Trans>
          </p>
        </div>
      );
    }
    case 'withdrawn':
      return (
        <p className="notice" role="status" data-testid="approval-outcome">
          {t`Withdrawn by the requester: nothing was booked.`}
        </p>
      );
    case 'expired': {
      const expiredAt = formatDateTime(approval.expires_at);
      return (
        <p className="notice" role="status" data-testid="approval-outcome">
          {t`Expired on ${expiredAt} without a decision: nothing was booked.`}
        </p>
      );
    }
  }
}
