import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { canWrite } from '../../../contract/bff-api.ts';
import type { ConsoleRecord } from '../../../contract/records.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { OutcomeBadge } from './outcome-badge.tsx';
import { personName, sourceWord } from './record-text.ts';

/** The campaign or approval a write came from, linked for those who may open it. */
export function SourceLink({ record }: { record: ConsoleRecord }) {
  const user = useCurrentUser();
  const id = record.source_id;
  if (!id || !canWrite(user.role)) return null;
  if (record.source === 'approval')
    return (
      <Link to="/approvals/$id" params={{ id }}>
        {t`Open the approval`}
      </Link>
    );
  if (record.source === 'bulk')
    return (
      <Link
        to={record.operation === 'consumer_migration' ? '/bulk/migrations' : '/bulk/charges'}
        search={{ campaign: id }}
      >
        {t`Open the campaign`}
      </Link>
    );
  return null;
}

/** Who sent a write, when, how, what the platform made of it, and whether it repeats an earlier one. */
export function RecordFacts({
  record,
  showOutcome = true,
}: {
  record: ConsoleRecord;
  /** False where the outcome already stands beside the title (a booking's card). */
  showOutcome?: boolean;
}) {
  const user = useCurrentUser();
  const nameOf = (username: string, displayName: string | null) =>
    username === user.username ? t`you` : personName(username, displayName);
  const byLine = (at: string, username: string, displayName: string | null) => {
    const when = formatDateTime(at);
    const who = nameOf(username, displayName);
    return t`${when} by ${who}`;
  };
  const { approval } = record;
  return (
    <dl className="record record-facts">
      {approval && (
        <>
          <div>
            <dt>{t`Requested`}</dt>
            <dd>
              {byLine(approval.requested_at, approval.requested_by, approval.requested_by_display_name)}
            </dd>
          </div>
          <div>
            <dt>{t`Approved`}</dt>
            <dd>{byLine(approval.approved_at, approval.approved_by, approval.approved_by_display_name)}</dd>
          </div>
        </>
      )}
      <div>
        <dt>{t`Sent`}</dt>
        <dd>{byLine(record.recorded_at, record.recorded_by, record.recorded_by_display_name)}</dd>
      </div>
      <div>
        <dt>{t`How`}</dt>
        <dd>
          {sourceWord(record.source)} <SourceLink record={record} />
        </dd>
      </div>
      {showOutcome && (
        <div>
          <dt>{t`Outcome`}</dt>
          <dd>
            <OutcomeBadge record={record} />
          </dd>
        </div>
      )}
      {record.duplicate_of.length > 0 && (
        <div>
          <dt>{t`Repeats`}</dt>
          <dd data-testid="record-duplicates">
            {record.duplicate_acknowledged
              ? t`Sent after a duplicate warning, deliberately:`
              : t`Looks like an earlier write:`}{' '}
            {record.duplicate_of.map((id, index) => (
              <span key={id}>
                {index > 0 && ', '}
                <Link to="/records/$id" params={{ id }}>
                  {t`record ${id}`}
                </Link>
              </span>
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}
