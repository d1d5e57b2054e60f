import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ChargeRequest } from '../../../contract/api/charges.ts';
import type { ConsoleRecord } from '../../../contract/records.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dateInZone } from '../../../contract/calendar-date.ts';
import { useContractRecords } from './api/get-contract-records.ts';
import { isRecordId, useRecord } from './api/get-record.ts';
import { bookingAnchor } from './record-links.ts';
import { personName } from './record-text.ts';
import { reversalSource, type ReversalProblem } from './reversal.ts';

/** Where the charges form starts for "Reverse" (the charges page's `ChargesStart`, by shape). */
export interface ReversalStart {
  request?: { body: ChargeRequest; user: string; contract: string };
  notice: ReactNode;
  afterSent?: ReactNode;
}

export type ReversalStartState =
  { status: 'loading'; notice: ReactNode } | { status: 'ready'; start: ReversalStart };

function problemText(problem: ReversalProblem | 'unknown', id: string, record?: ConsoleRecord): string {
  switch (problem) {
    case 'unknown':
      return t`There is no booking ${id} to reverse: the console keeps no record with this number. The form below is empty.`;
    case 'not-a-booking':
      return t`Record ${id} is not a booking on a contract, so there is nothing to reverse. The form below is empty.`;
    case 'unreadable':
      return t`Booking ${id} cannot be read as a charge or credit, so the form cannot be filled from it. Book its reversal by hand.`;
    case 'not-booked': {
      const inputId = record?.input_id ?? id;
      return t`Booking ${inputId} was not booked by the platform, so there is nothing to reverse. The form below is empty.`;
    }
    case 'is-reversal': {
      const inputId = record?.input_id ?? id;
      return t`Booking ${inputId} is itself a reversal: undoing it would book the original again. Book that by hand if it is meant. The form below is empty.`;
    }
    case 'reversed': {
      const inputId = record?.input_id ?? id;
      return t`Booking ${inputId} has been reversed already (see its contract’s bookings). The form below is empty.`;
    }
  }
}

function Problem({ text }: { text: string }) {
  return (
    <p className="error-summary" role="alert" data-testid="reversal-problem">
      {text}
    </p>
  );
}

/**
 * `/producers/charges?reverse={recordId}`: the booking to reverse, read from the console's records and
 * turned into the form's start — the reversing request (`reversalOf`) on the same contract, a notice that
 * names the original, and the way back to the contract's bookings once sent. An unknown or unreadable
 * record gives a clear message and the empty form.
 */
export function useReversalStart(recordId: string): ReversalStartState {
  const valid = isRecordId(recordId);
  const record = useRecord(recordId, { enabled: valid });
  // The contract's bookings: whether this one was reversed already.
  const contract = useContractRecords(record.data?.user_id ?? '', record.data?.contract_id ?? '', {
    enabled: Boolean(record.data?.user_id && record.data.contract_id),
  });
  if (!valid || (record.error instanceof ApiError && record.error.status === 404))
    return { status: 'ready', start: { notice: <Problem text={problemText('unknown', recordId)} /> } };
  if (record.isError) return { status: 'ready', start: { notice: <Problem text={record.error.message} /> } };
  if (contract.isError)
    return { status: 'ready', start: { notice: <Problem text={contract.error.message} /> } };
  if (record.isPending || (record.data.user_id && record.data.contract_id && contract.isPending))
    return {
      status: 'loading',
      notice: (
        <p role="status" aria-busy="true">
          {t`Loading the booking to reverse…`}
        </p>
      ),
    };
  // On the invoice beside the booking: in the staff's language, the day as booked in Germany.
  const bookedDay = dateInZone(new Date(record.data.recorded_at), 'Europe/Berlin');
  const source = reversalSource(
    record.data,
    contract.data?.bookings ?? [],
    (inputId) => t`Reversal of ${inputId} (booked ${bookedDay}).`,
  );
  if (!source.ok)
    return {
      status: 'ready',
      start: { notice: <Problem text={problemText(source.problem, recordId, record.data)} /> },
    };
  const { original, userId, contractId } = source;
  const inputId = original.inputId;
  const bookedOn = formatDateTime(original.recordedAt);
  const by = personName(record.data.recorded_by, record.data.recorded_by_display_name);
  const back = (
    <Link
      to="/producers/$userID/contracts/$contractID"
      params={{ userID: userId, contractID: contractId }}
      hash={bookingAnchor(original.recordId)}
    >
      {t`Back to the bookings of ${userId}/${contractId}`}
    </Link>
  );
  return {
    status: 'ready',
    start: {
      request: { body: source.request, user: userId, contract: contractId },
      notice: (
        <div className="notice reversal-notice" role="note" data-testid="reversal-notice">
          <p>{t`Reversal of ${inputId} booked on ${bookedOn} by ${by}, as it was sent; check and send.`}</p>
          <p className="hint">
            {t`The opposite type, the same amounts, VAT, executions and cycle; the input ID is the original’s with “-reversal”. Sending it goes through confirmation and approval as any booking.`}{' '}
            {back}
          </p>
        </div>
      ),
      afterSent: <p>{back}</p>,
    },
  };
}
