import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { sessionUserSchema } from '../../contract/bff-api.ts';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { AccountChangedError } from '../sessions/session-store.ts';
import { startSession } from '../sessions/sessions-plugin.ts';
import type { SignedInAccount } from './user-repository.ts';

export const ACCOUNT_CHANGED = 'Your account was changed by an admin while you signed in: sign in again.';

/** A sign-in's answer: who is now signed in (the rest comes with `GET /bff/user`). */
export const signedInSchema = z.extend(z.pick(sessionUserSchema, { username: true, role: true }), {
  must_change_password: z.optional(z.literal(true)),
});

/**
 * Signs a local account in once it has proved who it is (its password or one of its passkeys): a new
 * session, authenticated now, and the answer both sign-in routes give. An account whose password an admin
 * reset must choose a new one whichever way it signs in: the temporary password is known to the admin.
 * The session is bound to the account's version as it was read with the proof: an admin's change that
 * lands in between refuses the sign-in (401) instead of leaving a session with the old rights.
 */
export async function signInLocalAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  user: SignedInAccount,
  method: 'password' | 'passkey',
  now: number,
) {
  try {
    await startSession(request, reply, {
      username: user.username,
      role: user.role,
      authenticatedAt: now,
      authenticatedWith: method,
      mustChangePassword: user.mustChangePassword,
      accountVersion: user.version,
    });
  } catch (error) {
    if (!(error instanceof AccountChangedError)) throw error;
    return reply.code(401).send(refusal('account_changed', ACCOUNT_CHANGED));
  }
  // Said only when true: every other sign-in answers `{username, role}` as before.
  return reply.code(200).send({
    username: user.username,
    role: user.role,
    ...(user.mustChangePassword && { must_change_password: true as const }),
  });
}
