import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { canAdminister, canWrite } from '../../../contract/bff-api.ts';
import { isRecord } from '../../../contract/is-record.ts';
import { consumerRecordsParamsSchema, type ConsoleRecord } from '../../../contract/records.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useConsumerRecords } from './api/get-consumer-records.ts';
import { addressSearchOf, auditSearchFor, consumerName, leadingMigration } from './consumer-facts.ts';
import { EarlierMigrations } from './earlier-migrations.tsx';
import type { MigrationViews } from './migration-views.ts';
import { PlatformAnswer } from './platform-answer.tsx';
import { RecordFacts } from './record-facts.tsx';
import { bankDataNotes, RecordsLoadState } from './record-notices.tsx';

/**
 * `/consumers/{userID}`: the consumer as the platform holds them — the migration it accepted, in the form's
 * sections, when and by whom, its answer — then the other attempts for the same user ID as history (issue 42: a
 * refused re-migration led the page as if its data were the consumer's), and the ways on (another consumer at the
 * same address, the audit). Without an accepted migration the latest attempt leads, said as such.
 */
export function ConsumerPage({ userId, views }: { userId: string; views: MigrationViews }) {
  // An ID the platform cannot have is said at once, not asked for.
  const readable = consumerRecordsParamsSchema.safeParse({ userID: userId }).success;
  const records = useConsumerRecords(userId, { enabled: readable });
  const { lead, others } = leadingMigration(records.data?.records ?? []);
  const name = lead ? consumerName(lead.sent) : null;
  return (
    <div className="page page--wide records-page">
      <h1>{name ?? userId}</h1>
      <p className="lead">
        {t`Consumer with user ID`} <code data-testid="consumer-user-id">{userId}</code>
      </p>
      <RecordsLoadState readable={readable} query={records} loading={t`Loading the consumer’s migrations…`} />
      {records.data &&
        (lead ? (
          <ConsumerView userId={userId} lead={lead} others={others} views={views} />
        ) : (
          <NeverMigrated userId={userId} />
        ))}
    </div>
  );
}

function NeverMigrated({ userId }: { userId: string }) {
  const user = useCurrentUser();
  return (
    <div className="notice" data-testid="records-empty">
      <p>
        {t`The console has not migrated a consumer with user ID ${userId}. Migrations made elsewhere (before the console kept records, or by other systems) are not known here.`}
      </p>
      {canWrite(user.role) && (
        <p>
          <Link to="/consumers/migrate">{t`Migrate a consumer`}</Link>
        </p>
      )}
    </div>
  );
}

function ConsumerView({
  userId,
  lead,
  others,
  views,
}: {
  userId: string;
  lead: ConsoleRecord;
  others: ConsoleRecord[];
  views: MigrationViews;
}) {
  const user = useCurrentUser();
  const { Sections, Derived } = views;
  const accepted = lead.outcome === 'created';
  const sent = isRecord(lead.sent) ? lead.sent : {};
  const answered = lead.outcome === 'created' && isRecord(lead.upstream_body) ? lead.upstream_body : null;
  return (
    <>
      <p className="record-links">
        {canWrite(user.role) && (
          <Link to="/consumers/migrate" search={addressSearchOf(lead.sent)}>
            {t`Migrate another consumer at this address`}
          </Link>
        )}
        {canAdminister(user.role) && (
          <Link to="/admin/audit" search={auditSearchFor(userId)}>
            {t`Audit entries`}
          </Link>
        )}
        <Link to="/records/$id" params={{ id: lead.id }}>
          {t`Record details`}
        </Link>
      </p>
      <section className="card" aria-labelledby="lead-heading">
        <h2 id="lead-heading">{accepted ? t`What the platform holds` : t`Latest attempt`}</h2>
        {!accepted && (
          <p className="notice" data-testid="nothing-accepted">
            {t`The platform has accepted no migration of this user ID from the console: below is the latest attempt, not the consumer’s data.`}
          </p>
        )}
        <RecordFacts record={lead} />
        <PlatformAnswer record={lead} fieldLabel={views.fieldLabel} />
      </section>
      {accepted && <NoCorrections />}
      {answered && <Derived record={answered} idPrefix="consumer" />}
      <h2 className="records-subheading">{t`As sent`}</h2>
      <Sections record={sent} notes={bankDataNotes(lead.bank_data_masked)} idPrefix="consumer" />
      {others.length > 0 && <EarlierMigrations records={others} />}
    </>
  );
}

/**
 * The platform has no call to change a consumer once migrated (spec: migrations only create): a correction cannot
 * be sent from the console, and migrating the user ID again is refused as "already exists" (issue 42: support
 * tried, through "Migrate anyway", and got a 400). Said where support looks for it, with what to do instead.
 */
function NoCorrections() {
  return (
    <p className="notice" data-testid="no-corrections">
      {t`The console cannot correct a consumer: the platform has no call to change one once migrated, and migrating this user ID again is refused. To correct the data, contact the platform’s operator with the user ID and the correct values; the console shows the migration as it was sent.`}
    </p>
  );
}
