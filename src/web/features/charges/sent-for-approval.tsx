import { t } from '@lingui/core/macro';
import { BookAnother } from './book-another.tsx';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Approval } from '../../../contract/approvals.ts';
import { formatChargeAmount } from '../../lib/charge-amount.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';

/** After a booking went to a second person: nothing is booked yet, and where its fate will show. */
export function SentForApproval({
  approval,
  onAnother,
  extra,
}: {
  approval: Approval;
  onAnother: () => void;
  /** Said under the result (a reversal's way back to the contract's bookings). */
  extra?: ReactNode;
}) {
  const locale = useNumberLocale();
  const amount = formatChargeAmount(
    approval.total_gross_cent,
    approval.type_of_transaction ?? 'charge',
    locale,
  );
  const contract = `${approval.user_id}/${approval.contract_id ?? ''}`;
  return (
    <div className="page page--wide">
      <h1>{t`Book charges and credits`}</h1>
      <div className="success" role="status" data-testid="sent-for-approval">
        <h2>{t`Sent for approval`}</h2>
        <p>{t`${amount} gross on ${contract}: nothing is booked until a second person approves it.`}</p>
        <p>
          <Link to="/approvals/$id" params={{ id: approval.id }}>
            {t`Open the request`}
          </Link>
        </p>
      </div>
      {extra}
      <BookAnother onAnother={onAnother} />
    </div>
  );
}
