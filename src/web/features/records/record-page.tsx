import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { chargeResponseSchema } from '../../../contract/api/charges.ts';
import { isRecord } from '../../../contract/is-record.ts';
import { bookingRequest, type ConsoleRecord } from '../../../contract/records.ts';
import { chargeSchedule } from '../../../contract/charge-schedule.ts';
import { BookedRecordsTable } from '../../components/booked-records-table.tsx';
import { ScheduleTable } from '../../components/schedule-table.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { signConvention } from '../../lib/charge-amount.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { isRecordId, useRecord } from './api/get-record.ts';
import { bookingAnchor } from './record-links.ts';
import { bookingFieldLabel, BookingFields } from './booking-fields.tsx';
import { consumerName } from './consumer-facts.ts';
import type { MigrationViews } from './migration-views.ts';
import { PlatformAnswer } from './platform-answer.tsx';
import { RecordFacts } from './record-facts.tsx';
import { bankDataNotes } from './record-notices.tsx';
import { operationWord } from './record-text.ts';
import { SentFields } from './sent-fields.tsx';
import { sentText, technicalResourceFieldLabel } from './technical-resource-fields.ts';

/** The record's title: what it is about, in words and its own IDs. */
export function recordTitle(record: ConsoleRecord): string {
  switch (record.operation) {
    case 'consumer_migration': {
      const who = consumerName(record.sent) ?? record.user_id ?? record.id;
      return t`Migration of ${who}`;
    }
    case 'charges': {
      const inputId = record.input_id ?? bookingRequest(record)?.input_id ?? record.id;
      const contract = `${record.user_id ?? '?'}/${record.contract_id ?? '?'}`;
      return t`Booking ${inputId} on ${contract}`;
    }
    case 'technical_resource': {
      const trId =
        record.technical_resource_id ?? (sentText(record.sent, 'technical_resource_id') || record.id);
      return t`Technical resource ${trId}`;
    }
  }
}

/**
 * `/records/{id}`: any write the console kept — what was sent (in words where the form has them, else
 * field by field), the platform's answer, who sent it, when and how, and whether it repeats an earlier one.
 */
export function RecordPage({ id, views }: { id: string; views: MigrationViews }) {
  const valid = isRecordId(id);
  const record = useRecord(id, { enabled: valid });
  const notFound = !valid || (record.error instanceof ApiError && record.error.status === 404);
  return (
    <div className="page page--wide records-page">
      <h1>{record.data ? recordTitle(record.data) : t`Record ${id}`}</h1>
      {notFound ? (
        <p className="notice" role="alert" data-testid="record-not-found">
          {t`The console keeps no record ${id}. Records are numbered; one may also have been deleted after the retention period.`}
        </p>
      ) : record.isError ? (
        <p className="error-summary" role="alert">
          {record.error.message}
        </p>
      ) : record.isPending ? (
        <p role="status" aria-busy="true">
          {t`Loading the record…`}
        </p>
      ) : (
        <RecordView record={record.data} views={views} />
      )}
    </div>
  );
}

/** Where the record belongs: its consumer's or its contract's page. */
function RecordHome({ record }: { record: ConsoleRecord }) {
  if (record.operation === 'consumer_migration' && record.user_id)
    return (
      <Link to="/consumers/$userID" params={{ userID: record.user_id }}>
        {t`The consumer’s page`}
      </Link>
    );
  if (record.operation === 'charges' && record.user_id && record.contract_id)
    return (
      <Link
        to="/producers/$userID/contracts/$contractID"
        params={{ userID: record.user_id, contractID: record.contract_id }}
        hash={bookingAnchor(record.id)}
      >
        {t`The booking on its contract’s page`}
      </Link>
    );
  if (record.user_id && record.contract_id)
    return (
      <Link
        to="/producers/$userID/contracts/$contractID"
        params={{ userID: record.user_id, contractID: record.contract_id }}
      >
        {t`The contract’s page`}
      </Link>
    );
  return null;
}

function RecordView({ record, views }: { record: ConsoleRecord; views: MigrationViews }) {
  const fieldLabel =
    record.operation === 'consumer_migration'
      ? views.fieldLabel
      : record.operation === 'charges'
        ? bookingFieldLabel
        : technicalResourceFieldLabel;
  return (
    <>
      <p className="record-links">
        <span>{operationWord(record.operation)}</span>
        <RecordHome record={record} />
      </p>
      <section className="card" aria-labelledby="record-facts-heading">
        <h2 id="record-facts-heading">{t`Sent and answered`}</h2>
        <RecordFacts record={record} />
        <PlatformAnswer record={record} fieldLabel={fieldLabel} />
      </section>
      <RecordContent record={record} views={views} />
    </>
  );
}

function RecordContent({ record, views }: { record: ConsoleRecord; views: MigrationViews }) {
  const locale = useNumberLocale();
  if (record.operation === 'consumer_migration' && isRecord(record.sent)) {
    const { Sections, Derived } = views;
    const answered =
      record.outcome === 'created' && isRecord(record.upstream_body) ? record.upstream_body : null;
    return (
      <>
        {answered && <Derived record={answered} idPrefix="record" />}
        <h2 className="records-subheading">{t`As sent`}</h2>
        <Sections record={record.sent} notes={bankDataNotes(record.bank_data_masked)} idPrefix="record" />
      </>
    );
  }
  const request = bookingRequest(record);
  if (request) {
    const answer = chargeResponseSchema.safeParse(record.upstream_body);
    const booked = answer.success ? answer.data.bonus_created.flatMap((entry) => Object.values(entry)) : [];
    return (
      <>
        <section className="card" aria-labelledby="sent-heading">
          <h2 id="sent-heading">{t`As sent`}</h2>
          <BookingFields request={request} locale={locale} />
          <h3>{t`Executions`}</h3>
          <p className="hint">{signConvention()}</p>
          <ScheduleTable
            rows={chargeSchedule(request)}
            typeOfTransaction={request.type_of_transaction}
            locale={locale}
          />
        </section>
        {booked.length > 0 && (
          <section className="card" aria-labelledby="booked-heading">
            <h2 id="booked-heading">{t`The platform’s records`}</h2>
            <BookedRecordsTable records={booked} locale={locale} />
          </section>
        )}
      </>
    );
  }
  const labelOf = record.operation === 'technical_resource' ? technicalResourceFieldLabel : undefined;
  return (
    <>
      <section className="card" aria-labelledby="sent-heading">
        <h2 id="sent-heading">{t`As sent`}</h2>
        <SentFields body={record.sent} labelOf={labelOf} />
      </section>
      {record.outcome === 'created' && record.upstream_body !== null && (
        <section className="card" aria-labelledby="answer-heading">
          <h2 id="answer-heading">{t`The platform’s answer`}</h2>
          <SentFields body={record.upstream_body} labelOf={labelOf} />
        </section>
      )}
    </>
  );
}
