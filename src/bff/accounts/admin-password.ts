import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The account BFF_ADMIN_PASSWORD is for. */
export const ADMIN_USERNAME = 'admin';

/**
 * BFF_ADMIN_PASSWORD at start (issue 41): creates the `admin` account when there is none, else sets its
 * password and nothing else — a disabled `admin` stays disabled, a demoted one keeps its role, since an
 * admin decided that in the console and a restart must not silently undo it. A start that creates the
 * account or changes its password is in the audit (method `START`, no session); one that finds the
 * password already set writes nothing. Answers what the start did.
 */
export async function applyAdminPassword(
  app: FastifyInstance,
  password: string,
): Promise<'created' | 'changed' | 'unchanged'> {
  const outcome = await app.users.setStartPassword(ADMIN_USERNAME, password);
  if (outcome === 'unchanged') return outcome;
  // A changed password ends the account's sessions, as a reset does (its version rose).
  if (outcome === 'changed') await app.sessions.destroyUser(ADMIN_USERNAME);
  await app.auditLog.record({
    time: new Date().toISOString(),
    requestId: `start-${randomUUID()}`,
    username: null,
    displayName: null,
    role: null,
    operation: 'bff_admin_password_start',
    method: 'START',
    path: 'BFF_ADMIN_PASSWORD',
    targets: { username: ADMIN_USERNAME, outcome },
    status: outcome === 'created' ? 201 : 200,
    durationMs: 0,
  });
  app.log.warn({ username: ADMIN_USERNAME, outcome }, 'BFF_ADMIN_PASSWORD applied to the admin account');
  return outcome;
}
