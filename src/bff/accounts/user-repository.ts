import { and, asc, count, eq, not, like, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { SSO_USERNAME_PREFIX, staffUserSchema, type Role, type StaffUser } from '../../contract/bff-api.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { staffUsers } from '../db/schema.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hash.ts';

export class UserExistsError extends Error {}
/** An SSO account's role comes from the identity provider's claim: it is not changed here. */
export class SsoRoleError extends Error {}

/** An account as a sign-in sees it: with the version its session is bound to. */
export type SignedInAccount = StaffUser & { version: number };

/** What decides whether a session may still act: the account's version, and whether it is disabled. */
export interface AccountState {
  version: number;
  disabled: boolean;
}

/** Stands in for an SSO account's password hash: never an scrypt hash, so never a password's. */
const NO_PASSWORD = '!sso';

/** Accounts that sign in here with a password (SSO accounts' rows only hold their state). */
const isLocalAccount = not(like(staffUsers.username, `${SSO_USERNAME_PREFIX}%`));
/** The change would leave no enabled admin account. */
export class LastAdminError extends Error {}

/** Advisory lock taken by every account change: one at a time across all replicas. */
const ACCOUNT_CHANGES_LOCK = 0x5355;

type UserRow = typeof staffUsers.$inferSelect;

const toStaffUser = (row: UserRow): StaffUser => ({
  username: row.username,
  role: row.role,
  disabled: row.disabled,
  createdAt: row.createdAt.toISOString(),
  mustChangePassword: row.mustChangePassword,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
});

/** An account as kept before the database (users.json), for the one-off import. */
/** An account with its password hash, as the BFF kept it in `users.json` before the database. */
export const storedUserSchema = z.extend(
  z.omit(staffUserSchema, { mustChangePassword: true, lastSignInAt: true }),
  { passwordHash: z.string() },
);
export type StoredUser = z.infer<typeof storedUserSchema>;

/** Staff accounts in the BFF's database. */
export class UserRepository {
  constructor(private readonly db: BffDatabase) {}

  async count(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(staffUsers).where(isLocalAccount);
    return Number(row?.value ?? 0);
  }

  async list(): Promise<StaffUser[]> {
    const rows = await this.db.select().from(staffUsers).orderBy(asc(staffUsers.username));
    return rows.map(toStaffUser);
  }

  /** A local account with its version, for a sign-in that has its proof (a passkey). */
  async signInAccount(username: string): Promise<SignedInAccount | undefined> {
    const [row] = await this.db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.username, username), isLocalAccount));
    return row ? { ...toStaffUser(row), version: row.version } : undefined;
  }

  async get(username: string): Promise<StaffUser | undefined> {
    const [row] = await this.db.select().from(staffUsers).where(eq(staffUsers.username, username));
    return row ? toStaffUser(row) : undefined;
  }

  async create(username: string, password: string, role: Role): Promise<StaffUser> {
    const passwordHash = await hashPassword(password);
    try {
      const [row] = await this.db.insert(staffUsers).values({ username, role, passwordHash }).returning();
      return toStaffUser(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new UserExistsError(`${username} exists`);
      throw error;
    }
  }

  /**
   * BFF_ADMIN_PASSWORD at start: creates `username` as an admin when missing, else sets its password —
   * and only that: a disabled account stays disabled, a demoted one keeps its role. A changed password
   * raises the version (its sessions end, as after a reset). Under the account-changes lock, so replicas
   * starting together change it once. Answers what happened.
   */
  async setStartPassword(username: string, password: string): Promise<'created' | 'changed' | 'unchanged'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CHANGES_LOCK}::int, 0)`);
      const [current] = await tx.select().from(staffUsers).where(eq(staffUsers.username, username));
      if (current && (await verifyPassword(password, current.passwordHash))) return 'unchanged';
      const passwordHash = await hashPassword(password);
      if (!current) {
        await tx.insert(staffUsers).values({ username, role: 'admin', passwordHash });
        return 'created';
      }
      await tx
        .update(staffUsers)
        .set({ passwordHash, mustChangePassword: false, version: sql`${staffUsers.version} + 1` })
        .where(eq(staffUsers.username, username));
      return 'changed';
    });
  }

  /**
   * An SSO sign-in: the account's row (made at its first sign-in, with the provider's role and no usable
   * password) so admins see it and can disable it. Answers its version for the session, or null when an
   * admin disabled it.
   */
  async ssoSignIn(username: string, role: Role): Promise<number | null> {
    const [row] = await this.db
      .insert(staffUsers)
      .values({ username, role, passwordHash: NO_PASSWORD })
      .onConflictDoUpdate({ target: staffUsers.username, set: { role } })
      .returning({ version: staffUsers.version, disabled: staffUsers.disabled });
    return row && !row.disabled ? row.version : null;
  }

  /** The account's version and state (an indexed read on the primary key), or undefined when there is none. */
  async state(username: string): Promise<AccountState | undefined> {
    const [row] = await this.db
      .select({ version: staffUsers.version, disabled: staffUsers.disabled })
      .from(staffUsers)
      .where(eq(staffUsers.username, username));
    return row;
  }

  /**
   * Changes an account's role or state. The last enabled admin can never be demoted or disabled: the
   * count of enabled admins and the change are one transaction under an advisory lock, so two admins
   * demoting each other at once on two replicas leave one admin (the second sees the first's change).
   */
  async update(
    username: string,
    changes: { role?: Role | undefined; disabled?: boolean | undefined },
  ): Promise<StaffUser | undefined> {
    const set = {
      ...(changes.role ? { role: changes.role } : {}),
      ...(changes.disabled === undefined ? {} : { disabled: changes.disabled }),
    };
    if (Object.keys(set).length === 0) return this.get(username);
    if (changes.role && username.startsWith(SSO_USERNAME_PREFIX)) throw new SsoRoleError(username);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CHANGES_LOCK}::int, 0)`);
      const [current] = await tx.select().from(staffUsers).where(eq(staffUsers.username, username));
      if (!current) return undefined;
      const isEnabledAdmin = current.role === 'admin' && !current.disabled;
      const staysEnabledAdmin = (set.role ?? current.role) === 'admin' && !(set.disabled ?? current.disabled);
      if (isEnabledAdmin && !staysEnabledAdmin) {
        const [admins] = await tx
          .select({ value: count() })
          .from(staffUsers)
          .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false), isLocalAccount));
        if (Number(admins?.value ?? 0) <= 1)
          throw new LastAdminError(`${username} is the last enabled admin`);
      }
      // The version rises in the same statement: once this commits, every session made before is stale.
      const [row] = await tx
        .update(staffUsers)
        .set({ ...set, version: sql`${staffUsers.version} + 1` })
        .where(eq(staffUsers.username, username))
        .returning();
      return row ? toStaffUser(row) : undefined;
    });
  }

  /**
   * Sets a new password; `temporary`: an admin's reset, which the person must replace at their next
   * sign-in, and which raises the account's version (every session ends). Answers false when there is no
   * such local account.
   */
  async setPassword(username: string, password: string, options: { temporary: boolean }): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    const updated = await this.db
      .update(staffUsers)
      .set({
        passwordHash,
        mustChangePassword: options.temporary,
        ...(options.temporary && { version: sql`${staffUsers.version} + 1` }),
      })
      .where(and(eq(staffUsers.username, username), isLocalAccount))
      .returning({ username: staffUsers.username });
    return updated.length > 0;
  }

  /** The account when the password matches and the account is enabled, else null. */
  async authenticate(username: string, password: string): Promise<SignedInAccount | null> {
    const [row] = await this.db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.username, username), isLocalAccount));
    const matches = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
    return row && matches && !row.disabled ? { ...toStaffUser(row), version: row.version } : null;
  }

  /** Accounts from users.json, kept as they were (hashes included); existing names are left alone. */
  async importStored(users: StoredUser[]): Promise<void> {
    if (users.length === 0) return;
    await this.db
      .insert(staffUsers)
      .values(
        users.map((user) => ({
          username: user.username,
          role: user.role,
          disabled: user.disabled,
          passwordHash: user.passwordHash,
          createdAt: new Date(user.createdAt),
        })),
      )
      .onConflictDoNothing();
  }
}
