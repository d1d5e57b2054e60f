import type { FastifyInstance } from 'fastify';
import type { Approval, CannotApproveReason } from '../../contract/approvals.ts';
import { SSO_USERNAME_PREFIX } from '../../contract/bff-api.ts';
import type { BffRefusalCode } from '../../contract/bff-refusal-codes.ts';
import type { ApprovalRow } from './approval-repository.ts';

/** The 403 of `POST /bff/approvals/{id}/approve` for each reason, and what the list says in its field. */
export const CANNOT_APPROVE_DETAILS: Record<CannotApproveReason, string> = {
  own_request: 'You asked for this: a second person must approve it (admins too).',
  linked_account:
    'Your account and the requester’s are linked — one of you created the other’s account, reset its password or registered a passkey on it — so you count as the same person here: another person must approve it.',
  account_newer: 'Your account was created after this request was made: another person must approve it.',
};

export const CANNOT_APPROVE_CODES: Record<CannotApproveReason, BffRefusalCode> = {
  own_request: 'own_request_cannot_approve',
  linked_account: 'approver_linked',
  account_newer: 'approver_newer_than_request',
};

type RequestFacts = Pick<ApprovalRow, 'requestedBy' | 'requestedAt'>;

/**
 * Who may approve what (issue 41, people not accounts): the requester never; nor a local account created
 * after the request; nor an account linked with the requester's (account-links.ts) by a link made at most
 * `BFF_APPROVAL_WINDOW_H` before the request, or at any time after it. A window of 0 counts only the links
 * made from the request on. Judged for one viewer over one or many requests with one query.
 */
export async function approverEligibility(
  app: FastifyInstance,
  viewer: string,
  requests: readonly RequestFacts[],
): Promise<(request: RequestFacts) => CannotApproveReason | null> {
  const windowMs = app.approvalWindow.windowHours * 3_600_000;
  const earliest = Math.min(...requests.map((request) => request.requestedAt.getTime()));
  const [account, links] = await Promise.all([
    app.users.get(viewer),
    requests.length === 0
      ? new Map<string, Date>()
      : app.accountLinks.linkedWith(viewer, new Date(earliest - windowMs)),
  ]);
  // A local account's row is the account; an SSO identity's is made at its first sign-in here, long after the
  // provider made the person's account, so its time says nothing about a second account.
  const createdAt = account && !viewer.startsWith(SSO_USERNAME_PREFIX) ? Date.parse(account.createdAt) : null;
  return (request) => {
    if (request.requestedBy === viewer) return 'own_request';
    const linkedAt = links.get(request.requestedBy);
    if (linkedAt && linkedAt.getTime() >= request.requestedAt.getTime() - windowMs) return 'linked_account';
    if (createdAt !== null && createdAt > request.requestedAt.getTime()) return 'account_newer';
    return null;
  };
}

/** Approvals as `viewer` sees them: each with why they cannot approve it (null: they may). */
export async function viewedBy(
  app: FastifyInstance,
  viewer: string,
  rows: readonly ApprovalRow[],
  view: (row: ApprovalRow) => Approval,
): Promise<Approval[]> {
  const reasonFor = await approverEligibility(app, viewer, rows);
  return rows.map((row) => ({ ...view(row), cannot_approve_reason: reasonFor(row) }));
}
