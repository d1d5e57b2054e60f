import { randomBytes } from 'node:crypto';
import type { Role } from '../contract/bff-api.ts';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000;

export interface Session {
  id: string;
  username: string;
  role: Role;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * Server-side sessions: the cookie carries only a random id, so signing out (or disabling an account)
 * ends the session for good even if the cookie was copied. Kept in memory: a BFF restart signs staff out.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  create(username: string, role: Role): Session {
    const id = randomBytes(32).toString('base64url');
    const session = { id, username, role, createdAt: this.now(), lastSeenAt: this.now() };
    this.sessions.set(id, session);
    return session;
  }

  /** The live session for an id, touching its idle timer; expired sessions are removed. */
  touch(id: string | undefined): Session | null {
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    const now = this.now();
    if (now - session.lastSeenAt > IDLE_TIMEOUT_MS || now - session.createdAt > ABSOLUTE_LIFETIME_MS) {
      this.sessions.delete(id);
      return null;
    }
    session.lastSeenAt = now;
    return session;
  }

  destroy(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }

  /** Ends every session of a user (account disabled or role changed). */
  destroyUser(username: string): void {
    for (const [id, session] of this.sessions) if (session.username === username) this.sessions.delete(id);
  }
}
