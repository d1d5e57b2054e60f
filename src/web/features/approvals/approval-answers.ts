import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  REJECT_REASON_MAX_LENGTH,
  REJECT_REASON_MESSAGES,
  STEP_UP_PASSWORD_MESSAGES,
} from '../../../contract/approvals.ts';
import { minutesOf, type RefusalWords } from '../../lib/bff-refusal.ts';

/**
 * The console server's refusals that only the approvals pages show, by code, in the UI language. Kept with
 * these pages, in their catalogue; the refusals any page may meet are in lib/bff-refusal.ts.
 */
export const APPROVAL_REFUSAL_WORDS: RefusalWords = {
  approvals_need_operator_role: () => msg`Only operators and admins take part in approvals.`,
  no_such_approval: () => msg`There is no such approval request.`,
  approval_has_no_rows: () => msg`This request books one charge or credit: it has no rows.`,
  step_up_required: ({ max_age_minutes }) => {
    const minutes = String(max_age_minutes ?? 5);
    return msg`Approving needs a fresh sign-in at your company’s sign-in service (within the last ${minutes} minutes).`;
  },
  password_attempts_throttled: ({ retry_after_seconds }) => {
    const minutes = minutesOf(retry_after_seconds);
    return msg`Too many wrong passwords. Try again in ${minutes} minutes.`;
  },
  own_request_cannot_approve: () => msg`You asked for this: a second person must approve it (admins too).`,
  approver_linked: () =>
    msg`You cannot approve this: your account and the requester's are linked (one of you created the other's account, reset its password or registered a passkey on it), so you count as the same person. Another person must approve it.`,
  approver_newer_than_request: () =>
    msg`You cannot approve this: your account was created after the request was made. Another person must approve it.`,
  own_request_cannot_reject: () => msg`You asked for this: withdraw it instead of rejecting it.`,
  only_requester_withdraws: () => msg`Only the person who asked may withdraw a request.`,
  approval_changed: () => msg`This request is not the one you saw: reload it before approving.`,
  approval_not_pending: () => msg`This request is no longer open for that: the page shows what became of it.`,
  approval_not_retryable: () =>
    msg`This request is no longer open for that: the page shows what became of it.`,
  approval_expired: () => msg`This request has expired: nothing can be decided any more.`,
  approval_request_altered: () => msg`Not sent: the stored request no longer matches what was approved.`,
  approval_signature_lost: () =>
    msg`Not sent again: the approval’s signature no longer holds (the console’s session secret was changed). An earlier attempt may have booked it.`,
  approval_not_recorded: () => msg`Not sent yet: the console could not record it. Send it again.`,
};

/** The step-up's field error on `password`, matched by the contract's constants it is sent in. */
export function passwordFieldMessage(message: string): string {
  if (message === STEP_UP_PASSWORD_MESSAGES.missing) return i18n._(msg`Enter your password to approve.`);
  if (message === STEP_UP_PASSWORD_MESSAGES.wrong) return i18n._(msg`This is not your password.`);
  return message;
}

/** The reject reason's field error (the contract's rule, checked by the form and the server) in the UI language. */
export function rejectReasonMessage(message: string): string {
  if (message === REJECT_REASON_MESSAGES.missing)
    return i18n._(msg`Say why you reject it: the requester reads it.`);
  if (message === REJECT_REASON_MESSAGES.tooLong) {
    const maximum = REJECT_REASON_MAX_LENGTH;
    return i18n._(msg`At most ${maximum} characters.`);
  }
  return message;
}
