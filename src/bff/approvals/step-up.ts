import type { FastifyRequest } from 'fastify';
import {
  STEP_UP_MAX_AGE_SECONDS,
  STEP_UP_PASSWORD_MESSAGES,
  type StepUpRequired,
} from '../../contract/approvals.ts';
import { SSO_USERNAME_PREFIX } from '../../contract/bff-api.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { ownPasswordIsRight } from '../accounts/own-password.ts';

/** Why a step-up failed, as the route answers it. */
export type StepUpRefusal =
  { status: 400; body: { password: string[] } } | { status: 401; body: StepUpRequired };

/** Signs in again at the provider (it must authenticate within `max_age`) and comes back to `returnTo`. */
export function reauthenticateUrl(returnTo: string): string {
  const search = new URLSearchParams({ returnTo, max_age: String(STEP_UP_MAX_AGE_SECONDS) });
  return `/bff/login/oidc?${search}`;
}

const isRecent = (authenticatedAt: number | null, now: number) =>
  authenticatedAt !== null && now - authenticatedAt <= STEP_UP_MAX_AGE_SECONDS * 1000;

/**
 * RFC 9470's idea for money: before an approval, the approver proves again who they are. A local account
 * re-enters its password (`ownPasswordIsRight`) unless it signed in with a
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
  if (!(await ownPasswordIsRight(request, session, password)))
    return { status: 400, body: { password: [STEP_UP_PASSWORD_MESSAGES.wrong] } };
  return null;
}
