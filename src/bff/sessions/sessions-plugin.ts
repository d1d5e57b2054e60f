import { hkdfSync } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canAdminister } from '../../contract/bff-api.ts';
import { sessionSecret } from '../db/settings.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import { HttpError } from '../http-error.ts';
import { HOURLY, scheduleMaintenance } from '../maintenance.ts';
import { isGuardedPath } from '../security/security-headers.ts';
import { SessionStore, type Session, type SessionIdentity } from './session-store.ts';

const COOKIE = 'ec_session';
const SECURE_COOKIE = secureCookieName(COOKIE);

/** Over HTTPS cookies are `__Host-` prefixed: Secure, no Domain, path `/` — bound to this origin. */
export function secureCookieName(name: string): string {
  return `__Host-${name}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** A 32-byte key for one purpose, derived from the session secret: the same on every replica. */
    deriveKey: (purpose: string) => Buffer;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface SessionsPluginOptions {
  dataDir: string;
  sessionSecret?: string | undefined;
  now: () => number;
}

/** The signed-in session, or a 401 (never a redirect: the console decides where to go). */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(401, 'sign_in_required', 'Sign in to continue.');
  return request.session;
}

export const ADMIN_ONLY = 'Only admins may do this.';

export function requireAdmin(request: FastifyRequest): Session {
  const session = requireSession(request);
  if (!canAdminister(session.role)) throw new HttpError(403, 'admin_only', ADMIN_ONLY);
  return session;
}

/** Starts a session and sets its cookie; any session from before sign-in is ended (rotation). */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: SessionIdentity,
): Promise<Session> {
  const sessions = request.server.sessions;
  await sessions.destroy(request.session?.id);
  const userAgent = request.headers['user-agent'] ?? null;
  const session = await sessions.create({ ...identity, userAgent, ip: request.ip });
  const secure = request.protocol === 'https';
  void reply.setCookie(secure ? SECURE_COOKIE : COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    signed: true,
  });
  return session;
}

/** Ends the session and clears its cookie; answers the ended session's ID token, if it had one. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const ended = await request.server.sessions.destroy(request.session?.id);
  const secure = request.protocol === 'https';
  void reply.clearCookie(secure ? SECURE_COOKIE : COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
  return ended?.idToken ?? null;
}

/**
 * Sessions in the BFF's database (see SessionStore): the cookie, the session of each `/api` and
 * `/bff` request, and the hourly purge of expired sessions.
 *
 * Kept rather than @fastify/session: its store interface is one session at a time (get/set/destroy
 * by id), with no way to end all sessions of a user on every replica, and it reads the store on every
 * request; here a cached lookup answers proxied calls and NOTIFY keeps replicas' caches true.
 */
export default fp<SessionsPluginOptions>(
  async (app, options) => {
    const secret = await sessionSecret(app.database.db, options.dataDir, options.sessionSecret);
    await app.register(fastifyCookie, { secret });
    app.decorate('deriveKey', (purpose: string) => Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)));
    const sessions = new SessionStore(app.database, options.now);
    await sessions.start();
    app.decorate('sessions', sessions);
    app.decorateRequest('session', null);

    // Checked signatures of recent cookies (an HMAC per request otherwise).
    const unsignedCookies = new BoundedMemo<string, string | null>(10_000);
    const sessionIdIn = (cookie: string): string | null =>
      unsignedCookies.get(cookie, () => {
        const unsigned = app.unsignCookie(cookie);
        return unsigned.valid ? unsigned.value : null;
      });

    app.addHook('onRequest', async (request) => {
      if (!isGuardedPath(request.url)) return;
      const cookie = request.cookies[SECURE_COOKIE] ?? request.cookies[COOKIE];
      const id = cookie ? sessionIdIn(cookie) : null;
      // Disabling an account or changing its role ends its sessions (PATCH /bff/users) and raises the
      // account's version, which resolve() compares on every request: no replica serves the old rights
      // after the PATCH answered, even before its NOTIFY arrives.
      request.session = id ? await sessions.resolve(id) : null;
    });

    scheduleMaintenance(app, 'expired sessions', HOURLY, () => sessions.purgeExpired());
    app.addHook('onClose', () => sessions.stop());
  },
  { name: 'bff-sessions', dependencies: ['bff-database'] },
);
