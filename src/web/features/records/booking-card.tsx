import { t } from '@lingui/core/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { canWrite } from '../../../contract/bff-api.ts';
import { chargeSchedule } from '../../../contract/charge-schedule.ts';
import { bookingRequest, type ConsoleRecord } from '../../../contract/records.ts';
import { ScheduleTable } from '../../components/schedule-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { bookingFieldLabel, BookingFields } from './booking-fields.tsx';
import { OutcomeBadge } from './outcome-badge.tsx';
import { PlatformAnswer } from './platform-answer.tsx';
import { RecordFacts } from './record-facts.tsx';
import { personName } from './record-text.ts';
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
 * One booking made through the console: what it books in words, its outcome, who sent it and how, every
 * execution with net, VAT and gross, and "Reverse" while it is booked and not reversed. Its anchor
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
  return (
    <article
      id={anchor}
      className={`card booking booking--${booking.outcome}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="booking"
      data-outcome={booking.outcome}
    >
      <header className="booking__head">
        <h3 id={titleId}>
          <code>{inputIdOf(booking) ?? booking.id}</code>
        </h3>
        <OutcomeBadge record={booking} />
      </header>
      <ReversalLine state={reversal} reverses={reverses} />
      {request ? (
        <BookingFields request={request} locale={locale} />
      ) : (
        <>
          <p className="notice">{t`What was sent cannot be read as a charge or credit; here it is as kept:`}</p>
          <SentFields body={booking.sent} labelOf={bookingFieldLabel} />
        </>
      )}
      <RecordFacts record={booking} showOutcome={false} />
      {booking.outcome !== 'created' && <PlatformAnswer record={booking} fieldLabel={bookingFieldLabel} />}
      {request && (
        <>
          <h4>{t`Executions`}</h4>
          <ScheduleTable
            rows={chargeSchedule(request)}
            typeOfTransaction={request.type_of_transaction}
            locale={locale}
          />
        </>
      )}
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
