import { t } from '@lingui/core/macro';
import type { CannotApproveReason } from '../../../contract/approvals.ts';

/** Why the signed-in person cannot approve a request, in one sentence for the request's page. */
export function cannotApproveSentence(reason: CannotApproveReason): string {
  switch (reason) {
    case 'own_request':
      return t`You asked for this: a second person must approve it.`;
    case 'linked_account':
      return t`You cannot approve this: your account and the requester's are linked (one of you created the other's account, reset its password or registered a passkey on it), so you count as the same person. Another person must approve it.`;
    case 'account_newer':
      return t`You cannot approve this: your account was created after the request was made. Another person must approve it.`;
  }
}

/** The same, short, for the list of requests. */
export function cannotApproveNote(reason: CannotApproveReason): string {
  switch (reason) {
    case 'own_request':
      return t`Your request: another person approves it.`;
    case 'linked_account':
      return t`Not by you: your account is linked with the requester's.`;
    case 'account_newer':
      return t`Not by you: your account is newer than the request.`;
  }
}
