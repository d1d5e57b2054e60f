import { plural, t } from '@lingui/core/macro';
import type { ChargeRequest } from '../../../contract/api/charges.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { canWrite } from '../../../contract/bff-api.ts';
import { chargeSchedule } from '../../../contract/charge-schedule.ts';
import { bookingRequest, type ConsoleRecord } from '../../../contract/records.ts';
import { ScheduleTable } from '../../components/schedule-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { transactionTypeWord } from '../../lib/charge-amount.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { amountWords, bookingFieldLabel, executionsWords } from './booking-fields.tsx';
import { OutcomeBadge } from './outcome-badge.tsx';
import { PlatformAnswer } from './platform-answer.tsx';
import { SourceLink } from './record-facts.tsx';
import { personName, shownOutcome, sourceWord } from './record-text.ts';
import { inputIdOf, mayReverse, type ReversalState } from './reversal.ts';
import { SentFields } from './sent-fields.tsx';
import { bookingAnchor, reverseParam } from './record-links.ts';

/** A link to another booking of the same contract, by its input ID (the page's anchor). */
function BookingLink({ booking }: { booking: ConsoleRecord }) {
  return (
    <a href={`#${bookingAnchor(booking.id)}`}>
      <code>{inputIdOf(booking) ?? booking.id}</code>
    </a>
  );
}

/** What became of the booking's reversal, or the booking this one reverses. */
function ReversalLine({
  state,
  reverses,
}: {
  state: ReversalState | undefined;
  reverses: ConsoleRecord | undefined;
}) {
  if (state) {
    const when = formatDateTime(state.reversal.recorded_at);
    const who = personName(state.reversal.recorded_by, state.reversal.recorded_by_display_name);
    return (
      <p className={state.status === 'reversed' ? 'reversal-line' : 'reversal-line reversal-line--open'}>
        {state.status === 'reversed' ? t`Reversed by` : t`A reversal was sent without an answer:`}{' '}
        <BookingLink booking={state.reversal} /> {t`(${when}, ${who})`}
        {state.status === 'unanswered' &&
          ` ${t`It may be booked: reversing again is safe, the platform refuses the same input ID twice.`}`}
      </p>
    );
  }
  if (reverses)
    return (
      <p className="reversal-line">
        {t`Reverses`} <BookingLink booking={reverses} />
      </p>
    );
  return null;
}

/**
 * Who sent the booking and when; for one sent after an approval, both people of the four eyes: who asked
 * (and when) and who approved (and when): it was sent at once on the approval.
 */
function SentBy({
  booking,
  nameOf,
}: {
  booking: ConsoleRecord;
  nameOf: (username: string, displayName: string | null) => string;
}) {
  const { approval } = booking;
  if (!approval) {
    const when = formatDateTime(booking.recorded_at);
    const who = nameOf(booking.recorded_by, booking.recorded_by_display_name);
    return <>{t`Sent ${when} by ${who}`}</>;
  }
  const requestedAt = formatDateTime(approval.requested_at);
  const requester = nameOf(approval.requested_by, approval.requested_by_display_name);
  const approvedAt = formatDateTime(approval.approved_at);
  const approver = nameOf(approval.approved_by, approval.approved_by_display_name);
  return (
    <>
      {t`Requested ${requestedAt} by ${requester}`} · {t`approved ${approvedAt} by ${approver}`}
    </>
  );
}

/** Every execution with net, VAT and gross, behind a disclosure: a contract lists many bookings. */
function Executions({ request, locale }: { request: ChargeRequest; locale: string }) {
  const rows = chargeSchedule(request);
  return (
    <details className="booking__executions">
      <summary>{plural(rows.length, { one: '# execution', other: '# executions' })}</summary>
      <ScheduleTable rows={rows} typeOfTransaction={request.type_of_transaction} locale={locale} />
    </details>
  );
}

/**
 * One booking made through the console, compact (a contract lists many): what it books in one line, its
 * outcome, its reversal, who sent it and how, every execution with net, VAT and gross behind a disclosure,
 * and "Reverse" while it is booked and not reversed. Its anchor
 * (`#booking-{recordId}`) is where search results point.
 */
export function BookingCard({
  booking,
  reversal,
  reverses,
  locale,
}: {
  booking: ConsoleRecord;
  reversal: ReversalState | undefined;
  reverses: ConsoleRecord | undefined;
  locale: string;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const request = bookingRequest(booking);
  const anchor = bookingAnchor(booking.id);
  const titleId = `${anchor}-title`;
  const nameOf = (username: string, displayName: string | null) =>
    username === user.username ? t`you` : personName(username, displayName);
  return (
    <article
      id={anchor}
      className={`card booking booking--${shownOutcome(booking)}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="booking"
      data-outcome={shownOutcome(booking)}
    >
      <header className="booking__head">
        <h3 id={titleId}>
          <code>{inputIdOf(booking) ?? booking.id}</code>
        </h3>
        <OutcomeBadge record={booking} />
      </header>
      {request ? (
        <p className="booking__summary">
          <strong>{transactionTypeWord(request.type_of_transaction)}</strong> {amountWords(request, locale)} ·{' '}
          {executionsWords(request)} · {request.display_name}
        </p>
      ) : (
        <>
          <p className="notice">{t`What was sent cannot be read as a charge or credit; here it is as kept:`}</p>
          <SentFields body={booking.sent} labelOf={bookingFieldLabel} />
        </>
      )}
      <ReversalLine state={reversal} reverses={reverses} />
      <p className="booking__meta" data-testid="booking-meta">
        <SentBy booking={booking} nameOf={nameOf} /> · {sourceWord(booking.source)}{' '}
        <SourceLink record={booking} />
      </p>
      {booking.outcome !== 'created' && <PlatformAnswer record={booking} fieldLabel={bookingFieldLabel} />}
      {request && <Executions request={request} locale={locale} />}
      <div className="button-row booking__actions">
        {canWrite(user.role) && mayReverse(booking, reversal) && (
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={titleId}
            onClick={() =>
              void navigate({ to: '/producers/charges', search: { reverse: reverseParam(booking.id) } })
            }
          >
            {t`Reverse`}
          </button>
        )}
        <Link to="/records/$id" params={{ id: booking.id }} aria-describedby={titleId}>
          {t`Record details`}
        </Link>
      </div>
    </article>
  );
}
