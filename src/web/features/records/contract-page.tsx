import { plural, t } from '@lingui/core/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { canWrite } from '../../../contract/bff-api.ts';
import { contractRecordsParamsSchema, type ContractRecords } from '../../../contract/records.ts';
import { ChargeTotalsTable } from '../../components/charge-totals-table.tsx';
import { signConvention } from '../../lib/charge-amount.ts';
import { formatMoney } from '../../lib/format.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useContractRecords } from './api/get-contract-records.ts';
import { BookingCard } from './booking-card.tsx';
import { totalsPerYear, type YearBalance } from './booking-totals.ts';
import { bookingAnchor } from './record-links.ts';
import { reversalStates, reversedOriginal } from './reversal.ts';
import { TechnicalResourcesTable } from './technical-resources-table.tsx';
import { RecordsLoadState } from './record-notices.tsx';
import { useAnchorFocus } from './use-anchor-focus.ts';

/** The page's title: the contract and its producer, by name when the console knows one. */
export function contractTitle(userId: string, contractId: string, producerName: string | null | undefined) {
  return producerName
    ? t`Contract ${contractId} of ${userId} (${producerName})`
    : t`Contract ${contractId} of ${userId}`;
}

/**
 * `/producers/{userID}/contracts/{contractID}`: every booking made through the console on the contract
 * (single, bulk, approved) with its executions and outcome, the totals per year and type, the technical
 * resources registered for it, and the ways on: the feed-in report, a new booking, a booking's reversal.
 */
export function ContractPage({ userId, contractId }: { userId: string; contractId: string }) {
  // IDs the platform cannot have are said at once, not asked for.
  const readable = contractRecordsParamsSchema.safeParse({ userID: userId, contractID: contractId }).success;
  const records = useContractRecords(userId, contractId, { enabled: readable });
  useAnchorFocus(records.isSuccess);
  return (
    <div className="page page--wide records-page">
      <h1>{contractTitle(userId, contractId, records.data?.producer_name)}</h1>
      <ContractLinks userId={userId} contractId={contractId} />
      <RecordsLoadState readable={readable} query={records} loading={t`Loading the contract’s bookings…`} />
      {records.data && <ContractRecordsView records={records.data} />}
    </div>
  );
}

function ContractLinks({ userId, contractId }: { userId: string; contractId: string }) {
  const user = useCurrentUser();
  return (
    <p className="record-links">
      <Link to="/reports/feed-in" search={{ user: userId, contract: contractId }}>
        {t`Feed-in report`}
      </Link>
      {canWrite(user.role) && (
        <Link to="/producers/charges" search={{ user: userId, contract: contractId }}>
          {t`Book a charge or credit`}
        </Link>
      )}
    </p>
  );
}

/** What a year comes to, charges minus credits: the figure staff compare with the invoices of that year. */
function YearBalanceLine({ year, balance }: { year: number; balance: YearBalance }) {
  const net = formatMoney(balance.netCent);
  const gross = formatMoney(balance.grossCent);
  return (
    <p className="year-balance" data-testid="year-balance">
      <strong>{t`Net total ${year} (charges minus credits, by due date):`}</strong>{' '}
      {t`${net} net, ${gross} gross`}
    </p>
  );
}

/** Bookings shown at first, and added by "Show more": a contract may list hundreds. */
const BOOKINGS_PER_STEP = 50;

function ContractRecordsView({ records }: { records: ContractRecords }) {
  const locale = useNumberLocale();
  const { bookings, technical_resources: resources } = records;
  const states = useMemo(() => reversalStates(bookings), [bookings]);
  const years = useMemo(() => totalsPerYear(records.totals), [records.totals]);
  const listed = bookings.length;
  const count = records.bookings_count;
  // A link to one booking (`#booking-42`, from search) shows the list down to it.
  const hash = useLocation({ select: (location) => location.hash });
  const target = bookings.findIndex((booking) => bookingAnchor(booking.id) === hash);
  const [shown, setShown] = useState(BOOKINGS_PER_STEP);
  const visible = Math.max(shown, target + 1);
  const more = Math.min(BOOKINGS_PER_STEP, listed - visible);
  if (count === 0 && resources.length === 0)
    return (
      <p className="notice" data-testid="records-empty">
        {t`The console has booked nothing on this contract and registered no technical resource for it. Bookings made elsewhere (before the console kept records, or by other systems) are not known here.`}
      </p>
    );
  return (
    <>
      <section aria-labelledby="totals-heading" className="records-section">
        <h2 id="totals-heading">{t`Totals per year`}</h2>
        {years.length === 0 ? (
          <p className="empty">{t`Nothing was booked: no booking was accepted by the platform.`}</p>
        ) : (
          <>
            <p className="hint">
              {t`Every execution of the bookings the platform accepted, in the calendar year of its due date.`}{' '}
              {signConvention()}
            </p>
            <div data-testid="booking-totals">
              {years.map(({ year, totals, balance }) => (
                <div key={year} className="year-totals">
                  <h3>{year}</h3>
                  <ChargeTotalsTable totals={totals} locale={locale} label={t`Totals ${year}`} />
                  <YearBalanceLine year={year} balance={balance} />
                </div>
              ))}
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="bookings-heading" className="records-section">
        <h2 id="bookings-heading">{t`Bookings`}</h2>
        {listed === 0 ? (
          <p className="empty">{t`No booking was made on this contract through the console.`}</p>
        ) : (
          <>
            <p className="hint">
              {listed < count
                ? t`The newest ${listed} of ${count} bookings, each as it was sent, with every execution. The totals above count all of them.`
                : t`Newest first. Each booking as it was sent, with every execution.`}
            </p>
            <div className="bookings">
              {bookings.slice(0, visible).map((booking) => (
                <BookingCard
                  key={booking.id}
                  booking={booking}
                  reversal={states.get(booking.id)}
                  reverses={reversedOriginal(booking, bookings)}
                  locale={locale}
                />
              ))}
            </div>
            {more > 0 && (
              <p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setShown(visible + more)}
                >
                  {plural(more, { one: 'Show # more booking', other: 'Show # more bookings' })}
                </button>
              </p>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="resources-heading" className="records-section">
        <h2 id="resources-heading">{t`Technical resources`}</h2>
        {resources.length === 0 ? (
          <p className="empty">{t`No technical resource was registered for this contract through the console.`}</p>
        ) : (
          <TechnicalResourcesTable records={resources} />
        )}
      </section>
    </>
  );
}
