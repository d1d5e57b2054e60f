import { t } from '@lingui/core/macro';
import type { Approval } from '../../../contract/approvals.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { numeric } from '../../components/column-headers.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { formatChargeAmount, transactionTypeWord } from '../../lib/charge-amount.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * The contract's bookings sent without approval that, with this request, reached the threshold (issue 41):
 * the approver judges the sum, not only the part in front of them.
 */
export function WindowBookings({ approval, locale }: { approval: Approval; locale: string }) {
  const bookings = approval.window_bookings;
  if (bookings.length === 0) return null;
  const label = t`Bookings sent without approval`;
  const sum = bookings.reduce((total, booking) => total + booking.gross_cent, 0);
  return (
    <section className="card" aria-labelledby="window-bookings-heading">
      <h2 id="window-bookings-heading">{label}</h2>
      <p>
        {t`This request stays below the approval amount on its own. Together with these bookings on the same contract, sent without approval recently, it reaches it: judge the sum. Charges and credits count alike: ${formatCents(sum, locale)} gross moved.`}
      </p>
      <DataTable
        label={label}
        className="table table--values"
        columns={[t`Sent`, t`Input ID`, t`By`, t`How`, t`Type`, numeric(t`Gross`), t`Platform’s answer`]}
      >
        {bookings.map((booking) => (
          <tr key={`${booking.input_id ?? ''}-${booking.recorded_at}`}>
            <td>{formatDateTime(booking.recorded_at)}</td>
            <td>
              <code>{booking.input_id}</code>
            </td>
            <td>{booking.recorded_by}</td>
            <td>{booking.source === 'bulk' ? t`bulk campaign` : t`single booking`}</td>
            <td>{booking.type_of_transaction ? transactionTypeWord(booking.type_of_transaction) : '—'}</td>
            <td className="numeric">
              {booking.type_of_transaction
                ? formatChargeAmount(booking.gross_cent, booking.type_of_transaction, locale)
                : formatCents(booking.gross_cent, locale)}
            </td>
            <td>
              {booking.upstream_status !== null && booking.upstream_status < 300
                ? t`booked`
                : t`no final answer: may be booked`}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
