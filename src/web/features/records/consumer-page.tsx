import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { canAdminister, canWrite } from '../../../contract/bff-api.ts';
import { isRecord } from '../../../contract/is-record.ts';
import { consumerRecordsParamsSchema, type ConsoleRecord } from '../../../contract/records.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useConsumerRecords } from './api/get-consumer-records.ts';
import { addressSearchOf, auditSearchFor, consumerName } from './consumer-facts.ts';
import { EarlierMigrations } from './earlier-migrations.tsx';
import type { MigrationViews } from './migration-views.ts';
import { PlatformAnswer } from './platform-answer.tsx';
import { RecordFacts } from './record-facts.tsx';
import { UnreadableId } from './unreadable-id.tsx';

/**
 * `/consumers/{userID}`: the consumer as the console migrated them — the latest migration's request in
 * the form's sections, when and by whom, the platform's answer — the earlier migrations of the same user
 * ID, and the ways on (another consumer at the same address, the audit).
 */
export function ConsumerPage({ userId, views }: { userId: string; views: MigrationViews }) {
  // An ID the platform cannot have is said at once, not asked for.
  const readable = consumerRecordsParamsSchema.safeParse({ userID: userId }).success;
  const records = useConsumerRecords(userId, { enabled: readable });
  const latest = records.data?.records[0];
  const name = latest ? consumerName(latest.sent) : null;
  return (
    <div className="page page--wide records-page">
      <h1>{name ?? userId}</h1>
      <p className="lead">
        {t`Consumer with user ID`} <code data-testid="consumer-user-id">{userId}</code>
      </p>
      {!readable && <UnreadableId />}
      {readable && records.isPending && (
        <p role="status" aria-busy="true">
          {t`Loading the consumer’s migrations…`}
        </p>
      )}
      {records.isError && (
        <p className="error-summary" role="alert">
          {records.error.message}
        </p>
      )}
      {records.data &&
        (latest ? (
          <ConsumerView userId={userId} latest={latest} all={records.data.records} views={views} />
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
  latest,
  all,
  views,
}: {
  userId: string;
  latest: ConsoleRecord;
  all: ConsoleRecord[];
  views: MigrationViews;
}) {
  const user = useCurrentUser();
  const { Sections, Derived } = views;
  const sent = isRecord(latest.sent) ? latest.sent : {};
  const answered =
    latest.outcome === 'created' && isRecord(latest.upstream_body) ? latest.upstream_body : null;
  const masked = latest.bank_data_masked ? (
    <p className="notice" data-testid="bank-data-masked">
      {t`Bank data is masked for your role.`}
    </p>
  ) : undefined;
  return (
    <>
      <p className="record-links">
        {canWrite(user.role) && (
          <Link to="/consumers/migrate" search={addressSearchOf(latest.sent)}>
            {t`Migrate another consumer at this address`}
          </Link>
        )}
        {canAdminister(user.role) && (
          <Link to="/admin/audit" search={auditSearchFor(userId)}>
            {t`Audit entries`}
          </Link>
        )}
        <Link to="/records/$id" params={{ id: latest.id }}>
          {t`Record details`}
        </Link>
      </p>
      <section className="card" aria-labelledby="latest-heading">
        <h2 id="latest-heading">{all.length > 1 ? t`Latest migration` : t`Migration`}</h2>
        <RecordFacts record={latest} />
        <PlatformAnswer record={latest} fieldLabel={views.fieldLabel} />
      </section>
      {answered && <Derived record={answered} idPrefix="consumer" />}
      <h2 className="records-subheading">{t`As sent`}</h2>
      <Sections record={sent} notes={masked ? { payment: masked } : {}} idPrefix="consumer" />
      {all.length > 1 && <EarlierMigrations records={all.slice(1)} />}
    </>
  );
}
