import type { ChargeRequest } from '../../../contract/api/charges.ts';
import {
  bookingRequest,
  isReversal,
  REVERSAL_SUFFIX,
  reversalOf,
  type ConsoleRecord,
} from '../../../contract/records.ts';

/** Why a record cannot be reversed from the charges form. */
export type ReversalProblem = 'not-a-booking' | 'unreadable' | 'not-booked' | 'is-reversal' | 'reversed';

export type ReversalSource =
  | {
      ok: true;
      /** The reversing request: opposite type, same amounts, VAT type, executions, cycle; `…-reversal`. */
      request: ChargeRequest;
      userId: string;
      contractId: string;
      original: { recordId: string; inputId: string; recordedAt: string };
    }
  | { ok: false; problem: ReversalProblem };

/**
 * The booking that reverses a record, as the charges form starts from it: what was sent, reversed
 * (`reversalOf`). Only a booking the platform accepted is reversed: a refused one booked nothing, and one
 * without an answer must be checked first (sent again, same input ID).
 */
export function reversalSource(
  record: ConsoleRecord,
  contractBookings: readonly ConsoleRecord[],
  explanation: (inputId: string) => string,
): ReversalSource {
  if (record.operation !== 'charges' || !record.user_id || !record.contract_id)
    return { ok: false, problem: 'not-a-booking' };
  const request = bookingRequest(record);
  if (!request) return { ok: false, problem: 'unreadable' };
  if (record.outcome !== 'created') return { ok: false, problem: 'not-booked' };
  // The same rules as the button (mayReverse), for an address opened again, bookmarked or typed.
  if (isReversal(request.input_id)) return { ok: false, problem: 'is-reversal' };
  if (reversalStates(contractBookings).get(record.id)?.status === 'reversed')
    return { ok: false, problem: 'reversed' };
  return {
    ok: true,
    request: reversalOf(request, explanation(request.input_id)),
    userId: record.user_id,
    contractId: record.contract_id,
    original: { recordId: record.id, inputId: request.input_id, recordedAt: record.recorded_at },
  };
}

/** A booking's input ID: the record's, else the one sent. */
export function inputIdOf(record: ConsoleRecord): string | null {
  return record.input_id ?? bookingRequest(record)?.input_id ?? null;
}

/** What became of a booking's reversal: booked, or sent without an answer (it may be booked). */
export type ReversalState =
  { status: 'reversed'; reversal: ConsoleRecord } | { status: 'unanswered'; reversal: ConsoleRecord };

/**
 * For each booking (by record id), its reversal among the same contract's bookings: the booking whose
 * input ID is the original's plus `-reversal`. A booked reversal wins over one without an answer; refused
 * reversals booked nothing and do not count.
 */
export function reversalStates(bookings: readonly ConsoleRecord[]): Map<string, ReversalState> {
  const byInputId = new Map<string, ReversalState>();
  for (const booking of bookings) {
    const inputId = inputIdOf(booking);
    if (!inputId?.endsWith(REVERSAL_SUFFIX)) continue;
    const originalId = inputId.slice(0, -REVERSAL_SUFFIX.length);
    const known = byInputId.get(originalId);
    if (booking.outcome === 'created' && known?.status !== 'reversed')
      byInputId.set(originalId, { status: 'reversed', reversal: booking });
    else if (booking.outcome === 'unknown' && !known)
      byInputId.set(originalId, { status: 'unanswered', reversal: booking });
  }
  const states = new Map<string, ReversalState>();
  for (const booking of bookings) {
    const inputId = inputIdOf(booking);
    const state = inputId === null ? undefined : byInputId.get(inputId);
    if (state && state.reversal.id !== booking.id) states.set(booking.id, state);
  }
  return states;
}

/** The booking a reversal undoes, when it is among the bookings (the one its input ID names). */
export function reversedOriginal(
  booking: ConsoleRecord,
  bookings: readonly ConsoleRecord[],
): ConsoleRecord | undefined {
  const inputId = inputIdOf(booking);
  if (!inputId?.endsWith(REVERSAL_SUFFIX)) return undefined;
  const originalId = inputId.slice(0, -REVERSAL_SUFFIX.length);
  return (
    bookings.find((other) => other.outcome === 'created' && inputIdOf(other) === originalId) ??
    bookings.find((other) => inputIdOf(other) === originalId)
  );
}

/**
 * Whether a booking offers "Reverse": one the platform booked, readable as a charge request, not itself a
 * reversal (undoing it is booking the original again: a booking of its own), and not reversed yet (a
 * reversal without an answer may be booked: sending it again, same input ID, is how to find out, so it
 * is still offered).
 */
export function mayReverse(booking: ConsoleRecord, state: ReversalState | undefined): boolean {
  return (
    booking.outcome === 'created' &&
    bookingRequest(booking) !== null &&
    !inputIdOf(booking)?.endsWith(REVERSAL_SUFFIX) &&
    state?.status !== 'reversed'
  );
}
