import type { FastifyRequest } from 'fastify';
import {
  STEP_UP_MAX_AGE_SECONDS,
  STEP_UP_PASSWORD_MESSAGES,
  type StepUpRequired,
} from '../../contract/approvals.ts';
import type { BffRefusal } from '../../contract/bff-refusal-codes.ts';
import { SSO_USERNAME_PREFIX } from '../../contract/bff-api.ts';
import { HttpError } from '../http-error.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { tooManyWrongPasswords } from '../accounts/sign-in-throttle.ts';

/** Why a step-up failed, as the route answers it. */
export type StepUpRefusal =
  | { status: 400; body: { password: string[] } }
  | { status: 401; body: StepUpRequired }
  | { status: 429; body: BffRefusal; retryAfterSeconds: number };

/** Signs in again at the provider (it must authenticate within `max_age`) and comes back to `returnTo`. */
export function reauthenticateUrl(returnTo: string): string {
  const search = new URLSearchParams({ returnTo, max_age: String(STEP_UP_MAX_AGE_SECONDS) });
  return `/bff/login/oidc?${search}`;
}

const isRecent = (authenticatedAt: number | null, now: number) =>
  authenticatedAt !== null && now - authenticatedAt <= STEP_UP_MAX_AGE_SECONDS * 1000;

/**
 * RFC 9470's idea for money: before an approval, the approver proves again who they are. A local account
 * re-enters its password (throttled per session: failures elsewhere do not count) unless it signed in with a
 * passkey within STEP_UP_MAX_AGE_SECONDS; an SSO account must have
 * authenticated at the provider within STEP_UP_MAX_AGE_SECONDS (its `auth_time`), else it is sent there
 * with `max_age` and comes back. Null: stepped up.
 */
export async function stepUpRefusal(
  request: FastifyRequest,
  password: string | undefined,
  returnTo: string,
  now: number,
): Promise<StepUpRefusal | null> {
  const session = requireSession(request);
  if (session.username.startsWith(SSO_USERNAME_PREFIX)) {
    if (isRecent(session.authenticatedAt, now)) return null;
    return {
      status: 401,
      body: {
        detail: `Approving needs a fresh sign-in at your company's sign-in service (within the last ${STEP_UP_MAX_AGE_SECONDS / 60} minutes).`,
        code: 'step_up_required',
        max_age_minutes: STEP_UP_MAX_AGE_SECONDS / 60,
        reauthenticate_url: reauthenticateUrl(returnTo),
      },
    };
  }
  // A passkey sign-in is a stronger proof than the password (phishing-resistant, and the authenticator
  // verified the person): within the same five minutes it is the step-up.
  if (session.authenticatedWith === 'passkey' && isRecent(session.authenticatedAt, now)) return null;
  if (!password) return { status: 400, body: { password: [STEP_UP_PASSWORD_MESSAGES.missing] } };
  const { users, signInThrottle } = request.server;
  // Counted per session: wrong passwords typed for this username elsewhere never refuse its owner here.
  const attempt = await signInThrottle.guardSession(session.publicId, () =>
    users.authenticate(session.username, password),
  );
  if ('retryAfterSeconds' in attempt)
    return {
      status: 429,
      body: tooManyWrongPasswords(attempt.retryAfterSeconds),
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  if (!attempt.result) return { status: 400, body: { password: [STEP_UP_PASSWORD_MESSAGES.wrong] } };
  // An admin's change (role, disable, reset) that landed after this request found its session: the
  // step-up ends with the session, it does not carry the old rights into the approval.
  if (attempt.result.version !== session.accountVersion) {
    await request.server.sessions.destroy(session.id);
    throw new HttpError(401, 'account_changed', 'Your account was changed by an admin: sign in again.');
  }
  return null;
}
