import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, ne, or, type SQL } from 'drizzle-orm';
import { SSO_USERNAME_PREFIX, type AuthenticationMethod, type Role } from '../../contract/bff-api.ts';
import { notify } from '../../node-shared/db/connect.ts';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import type { BffDatabaseHandle } from '../db/connect.ts';
import { sessions, staffUsers } from '../db/schema.ts';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000;
/** A cached session is read from the database again after this long, even without a notification. */
export const REVALIDATE_AFTER_MS = 5_000;
/** `last_seen_at` is written at most this often per session (the idle timeout is 30 minutes). */
export const TOUCH_INTERVAL_MS = 60_000;
const MAX_CACHED = 10_000;
const CHANNEL = 'bff_sessions';

/** Who a session belongs to: a local account, or `sso:<subject>` from the identity provider. */
export interface SessionIdentity {
  username: string;
  role: Role;
  /** The identity provider's display name; null for local accounts. */
  displayName?: string | null;
  /** The provider's session id (`sid`), which a back-channel logout may name. */
  providerSessionId?: string | null;
  /** Kept server-side as the hint for RP-initiated logout; never sent to the browser. */
  idToken?: string | null;
  /**
   * When the person last proved who they are (epoch ms): now for a password, the ID token's `auth_time`
   * for SSO. Null or absent when unknown, which a step-up never takes for recent.
   */
  authenticatedAt?: number | null;
  /** The browser's User-Agent and the client address at sign-in, shown in the list of sessions. */
  userAgent?: string | null;
  ip?: string | null;
  /** Signed in with a temporary password: nothing but the password change until it is changed. */
  mustChangePassword?: boolean;
  /** How they proved it; a passkey sign-in within five minutes is an approval's step-up. */
  authenticatedWith?: AuthenticationMethod | null;
  /**
   * The account's version (`staff_users.version`) read when the person proved who they are. Absent: the
   * version at creation. A session whose account is at another version, or disabled, is ended.
   */
  accountVersion?: number;
}

/** The account changed (role, state, password reset) between the sign-in's check and its session. */
export class AccountChangedError extends Error {}

/** The longest User-Agent kept: enough to recognise a browser, not a place to store a novel. */
const MAX_USER_AGENT = 300;

export interface Session {
  /** The id from the cookie; the database keeps only its hash. */
  id: string;
  /** The id staff see and end the session by (not usable as a cookie). */
  publicId: string;
  username: string;
  role: Role;
  displayName: string | null;
  /** See SessionIdentity: epoch ms, or null when unknown. Approving as an SSO account needs it recent. */
  authenticatedAt: number | null;
  /** See SessionIdentity: null when unknown. */
  authenticatedWith: AuthenticationMethod | null;
  createdAt: number;
  lastSeenAt: number;
  mustChangePassword: boolean;
  /** See SessionIdentity. */
  accountVersion: number;
}

/** A session as its owner (or an admin) sees it in the list: no secret, no token. */
export interface SessionListing {
  publicId: string;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string | null;
  ip: string | null;
}

/** A session as a replica keeps it between database reads: what it serves, without the cookie's id. */
interface CachedSession extends Omit<Session, 'id'> {
  persistedLastSeenAt: number;
  checkedAt: number;
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * Server-side sessions in the BFF's database: the cookie carries only a random id, so signing out or
 * disabling an account ends sessions for good, on every replica, even if the cookie was copied.
 *
 * Each replica caches the sessions it has seen, so a proxied call costs no database round trip. Ending
 * sessions sends a NOTIFY that every replica's cache obeys at once; should one be missed (a dropped
 * connection), the cache is cleared, and no entry is trusted for longer than REVALIDATE_AFTER_MS anyway.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  /** Hashes of ids seen lately: a proxied call then costs no SHA-256. */
  private readonly hashes = new BoundedMemo<string, string>(10_000);
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: BffDatabaseHandle,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, {
      onNotify: (payload) => this.forget(payload),
      onGap: () => this.cache.clear(),
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  async create(identity: SessionIdentity): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const displayName = identity.displayName ?? null;
    const authenticatedAt = identity.authenticatedAt ?? null;
    const mustChangePassword = identity.mustChangePassword ?? false;
    const authenticatedWith = identity.authenticatedWith ?? null;
    const accountVersion =
      identity.accountVersion ?? (await this.accountState(identity.username))?.version ?? 0;
    const [row] = await this.database.db
      .insert(sessions)
      .values({
        idHash: hashId(id),
        username: identity.username,
        role: identity.role,
        displayName,
        authenticatedAt: authenticatedAt === null ? null : new Date(authenticatedAt),
        authenticatedWith,
        providerSessionId: identity.providerSessionId ?? null,
        idToken: identity.idToken ?? null,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        userAgent: identity.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
        ip: identity.ip ?? null,
        mustChangePassword,
        accountVersion,
      })
      .returning({ publicId: sessions.publicId });
    // Checked again once the row exists: a change that committed before this read is seen here, and one
    // after it ends the row (PATCH /bff/users deletes the user's sessions after its commit). Either way
    // no session of the version from before the change outlives it.
    if (!(await this.isCurrent(identity.username, accountVersion))) {
      await this.destroy(id);
      throw new AccountChangedError(`${identity.username} changed during the sign-in`);
    }
    // Every sign-in passes here (password, passkey, SSO): the accounts list shows when each account last did.
    await this.database.db
      .update(staffUsers)
      .set({ lastSignInAt: new Date(now) })
      .where(eq(staffUsers.username, identity.username));
    return {
      id,
      publicId: row!.publicId,
      username: identity.username,
      role: identity.role,
      displayName,
      authenticatedAt,
      authenticatedWith,
      createdAt: now,
      lastSeenAt: now,
      mustChangePassword,
      accountVersion,
    };
  }

  /** The live session for an id, touching its idle timer; an expired one is ended. */
  async resolve(id: string | undefined): Promise<Session | null> {
    if (!id) return null;
    const idHash = this.hashes.get(id, hashId);
    const now = this.now();
    let entry = this.cache.get(idHash);
    if (!entry || now - entry.checkedAt > REVALIDATE_AFTER_MS) {
      const [row] = await this.database.db.select().from(sessions).where(eq(sessions.idHash, idHash));
      if (!row) {
        this.cache.delete(idHash);
        return null;
      }
      const persisted = row.lastSeenAt.getTime();
      entry = {
        publicId: row.publicId,
        username: row.username,
        role: row.role,
        displayName: row.displayName,
        authenticatedAt: row.authenticatedAt?.getTime() ?? null,
        authenticatedWith: row.authenticatedWith,
        createdAt: row.createdAt.getTime(),
        lastSeenAt: Math.max(persisted, entry?.lastSeenAt ?? 0),
        persistedLastSeenAt: persisted,
        checkedAt: now,
        mustChangePassword: row.mustChangePassword,
        accountVersion: row.accountVersion,
      };
      this.remember(idHash, entry);
    }
    if (
      now - entry.lastSeenAt > IDLE_TIMEOUT_MS ||
      now - entry.createdAt > ABSOLUTE_LIFETIME_MS ||
      // Read on every request, cached or not: a NOTIFY reaches other replicas some time after the PATCH
      // answered, this read cannot lag it (one primary-key lookup).
      !(await this.isCurrent(entry.username, entry.accountVersion))
    ) {
      await this.destroy(id);
      return null;
    }
    entry.lastSeenAt = now;
    if (now - entry.persistedLastSeenAt >= TOUCH_INTERVAL_MS) {
      entry.persistedLastSeenAt = now;
      // Idempotent: sent again on a new connection when a database restart cut the first.
      await retryOnConnectionLoss(() =>
        this.database.db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.idHash, idHash)),
      );
    }
    return {
      id,
      publicId: entry.publicId,
      username: entry.username,
      role: entry.role,
      displayName: entry.displayName,
      authenticatedAt: entry.authenticatedAt,
      authenticatedWith: entry.authenticatedWith,
      createdAt: entry.createdAt,
      lastSeenAt: now,
      mustChangePassword: entry.mustChangePassword,
      accountVersion: entry.accountVersion,
    };
  }

  /** Ends a session; answers its ID token (null for local accounts) for RP-initiated logout. */
  async destroy(id: string | undefined): Promise<{ idToken: string | null } | null> {
    if (!id) return null;
    const idHash = hashId(id);
    this.cache.delete(idHash);
    const [ended] = await this.database.db
      .delete(sessions)
      .where(eq(sessions.idHash, idHash))
      .returning({ idToken: sessions.idToken });
    await notify(this.database.db, CHANNEL, `session:${idHash}`);
    return ended ?? null;
  }

  /**
   * Back-channel logout: ends the sessions of the provider's session `sid` (of that user, when named
   * too), or all of the user's sessions when only the user is named. Answers how many ended.
   */
  async destroyProviderSessions(logout: { username?: string; providerSessionId?: string }): Promise<number> {
    const conditions: SQL[] = [];
    if (logout.username) conditions.push(eq(sessions.username, logout.username));
    if (logout.providerSessionId) conditions.push(eq(sessions.providerSessionId, logout.providerSessionId));
    if (conditions.length === 0) return 0;
    const ended = await this.database.db
      .delete(sessions)
      .where(and(...conditions))
      .returning({ idHash: sessions.idHash });
    for (const { idHash } of ended) {
      this.cache.delete(idHash);
      await notify(this.database.db, CHANNEL, `session:${idHash}`);
    }
    return ended.length;
  }

  /** Ends every session of a user (account disabled or role changed), on every replica. */
  async destroyUser(username: string): Promise<void> {
    this.forget(`user:${username}`);
    await this.database.db.delete(sessions).where(eq(sessions.username, username));
    await notify(this.database.db, CHANNEL, `user:${username}`);
  }

  /**
   * A user's live sessions, most recently used first. `last_seen_at` is written once a minute; a session
   * this replica served since is shown with the later time it knows.
   */
  async list(username: string): Promise<SessionListing[]> {
    const now = this.now();
    const rows = await this.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.username, username))
      .orderBy(desc(sessions.lastSeenAt));
    return rows
      .map((row) => ({
        publicId: row.publicId,
        createdAt: row.createdAt.getTime(),
        lastSeenAt: Math.max(row.lastSeenAt.getTime(), this.cache.get(row.idHash)?.lastSeenAt ?? 0),
        userAgent: row.userAgent,
        ip: row.ip,
      }))
      .filter(
        (session) =>
          now - session.lastSeenAt <= IDLE_TIMEOUT_MS && now - session.createdAt <= ABSOLUTE_LIFETIME_MS,
      )
      .sort((a, b) => b.lastSeenAt - a.lastSeenAt);
  }

  /**
   * Ends the session staff know by `publicId` (only if it belongs to `owner`, when given), on every
   * replica: the row goes and a NOTIFY drops it from each replica's cache. Answers whose it was, or null.
   */
  async destroyByPublicId(publicId: string, owner?: string): Promise<{ username: string } | null> {
    const conditions: SQL[] = [eq(sessions.publicId, publicId)];
    if (owner !== undefined) conditions.push(eq(sessions.username, owner));
    const [ended] = await this.database.db
      .delete(sessions)
      .where(and(...conditions))
      .returning({ idHash: sessions.idHash, username: sessions.username });
    if (!ended) return null;
    this.cache.delete(ended.idHash);
    await notify(this.database.db, CHANNEL, `session:${ended.idHash}`);
    return { username: ended.username };
  }

  /** Ends every session of a user but `keepId` (a password change keeps the session that made it). */
  async destroyUserExcept(username: string, keepId: string): Promise<void> {
    const ended = await this.database.db
      .delete(sessions)
      .where(and(eq(sessions.username, username), ne(sessions.idHash, hashId(keepId))))
      .returning({ idHash: sessions.idHash });
    for (const { idHash } of ended) {
      this.cache.delete(idHash);
      await notify(this.database.db, CHANNEL, `session:${idHash}`);
    }
  }

  /** The temporary password was replaced: the session may do everything its role allows again. */
  async passwordChanged(id: string): Promise<void> {
    const idHash = hashId(id);
    this.cache.delete(idHash);
    await this.database.db
      .update(sessions)
      .set({ mustChangePassword: false })
      .where(eq(sessions.idHash, idHash));
    await notify(this.database.db, CHANNEL, `session:${idHash}`);
  }

  /** Deletes sessions past their idle timeout or lifetime; returns how many. */
  async purgeExpired(): Promise<number> {
    const now = this.now();
    const ended = await this.database.db
      .delete(sessions)
      .where(
        or(
          // last_seen_at may lag the real last request by up to TOUCH_INTERVAL_MS: allow for it.
          lt(sessions.lastSeenAt, new Date(now - IDLE_TIMEOUT_MS - TOUCH_INTERVAL_MS)),
          lt(sessions.createdAt, new Date(now - ABSOLUTE_LIFETIME_MS)),
        ),
      )
      .returning({ idHash: sessions.idHash });
    for (const { idHash } of ended) this.cache.delete(idHash);
    return ended.length;
  }

  private async accountState(username: string): Promise<{ version: number; disabled: boolean } | undefined> {
    const [row] = await this.database.db
      .select({ version: staffUsers.version, disabled: staffUsers.disabled })
      .from(staffUsers)
      .where(eq(staffUsers.username, username));
    return row;
  }

  /**
   * A session of `accountVersion` may act: its account is enabled and still at that version. An SSO
   * account without a row (signed in before rows were kept for them) is at version 0.
   */
  private async isCurrent(username: string, accountVersion: number): Promise<boolean> {
    const state = await this.accountState(username);
    if (!state) return username.startsWith(SSO_USERNAME_PREFIX) && accountVersion === 0;
    return !state.disabled && state.version === accountVersion;
  }

  private forget(payload: string): void {
    if (payload.startsWith('session:')) this.cache.delete(payload.slice('session:'.length));
    else if (payload.startsWith('user:')) {
      const username = payload.slice('user:'.length);
      for (const [idHash, entry] of this.cache) if (entry.username === username) this.cache.delete(idHash);
    }
  }

  private remember(idHash: string, entry: CachedSession): void {
    this.cache.delete(idHash);
    this.cache.set(idHash, entry);
    // Oldest first in insertion order: drop from the front beyond the bound.
    while (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
  }
}
