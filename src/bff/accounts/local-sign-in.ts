import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionUserSchema, type StaffUser } from '../../contract/bff-api.ts';
import { startSession } from '../sessions/sessions-plugin.ts';

/** A sign-in's answer: who is now signed in (the rest comes with `GET /bff/user`). */
export const signedInSchema = sessionUserSchema
  .pick({ username: true, role: true })
  .extend({ must_change_password: z.literal(true).optional() });

/**
 * Signs a local account in once it has proved who it is (its password or one of its passkeys): a new
 * session, authenticated now, and the answer both sign-in routes give. An account whose password an admin
 * reset must choose a new one whichever way it signs in: the temporary password is known to the admin.
 */
export async function signInLocalAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  user: StaffUser,
  method: 'password' | 'passkey',
  now: number,
) {
  await startSession(request, reply, {
    username: user.username,
    role: user.role,
    authenticatedAt: now,
    authenticatedWith: method,
    mustChangePassword: user.mustChangePassword,
  });
  // Said only when true: every other sign-in answers `{username, role}` as before.
  return reply.code(200).send({
    username: user.username,
    role: user.role,
    ...(user.mustChangePassword && { must_change_password: true as const }),
  });
}
