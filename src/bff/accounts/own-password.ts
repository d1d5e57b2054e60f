import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import type { Session } from '../sessions/session-store.ts';
import { tooManyWrongPasswords } from './sign-in-throttle.ts';

/**
 * The signed-in person types their own password again: to change it, to add a passkey, to approve money.
 * Counted per session: a stolen unlocked session cannot be used to guess it, and wrong passwords typed for
 * this username elsewhere never refuse its owner here. Too many wrong ones: a `429` with `retry-after`.
 * An admin's change (role, disable, reset) that landed after this request found its session ends the
 * session: a step-up does not carry the old rights further. True: the password is right.
 */
export async function ownPasswordIsRight(request: FastifyRequest, session: Session, password: string) {
  const { users, signInThrottle, sessions } = request.server;
  const attempt = await signInThrottle.guardSession(session.publicId, () =>
    users.authenticate(session.username, password),
  );
  if ('retryAfterSeconds' in attempt) {
    const { detail, code, ...figures } = tooManyWrongPasswords(attempt.retryAfterSeconds);
    throw new HttpError(429, code, detail, figures);
  }
  if (!attempt.result) return false;
  if (attempt.result.version !== session.accountVersion) {
    await sessions.destroy(session.id);
    throw new HttpError(401, 'account_changed', 'Your account was changed by an admin: sign in again.');
  }
  return true;
}
