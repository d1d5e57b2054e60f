import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { staffUserSchema, type Role, type StaffUser } from '../../contract/bff-api.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { staffUsers } from '../db/schema.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hash.ts';

export class UserExistsError extends Error {}
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
});

/** An account as kept before the database (users.json), for the one-off import. */
/** An account with its password hash, as the BFF kept it in `users.json` before the database. */
export const storedUserSchema = staffUserSchema
  .omit({ mustChangePassword: true })
  .extend({ passwordHash: z.string() });
export type StoredUser = z.infer<typeof storedUserSchema>;

/** Staff accounts in the BFF's database. */
export class UserRepository {
  constructor(private readonly db: BffDatabase) {}

  async count(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(staffUsers);
    return Number(row?.value ?? 0);
  }

  async list(): Promise<StaffUser[]> {
    const rows = await this.db.select().from(staffUsers).orderBy(asc(staffUsers.username));
    return rows.map(toStaffUser);
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

  /** Sets the password and role of an account, creating it if needed (admin bootstrap). */
  async upsert(username: string, password: string, role: Role): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db
      .insert(staffUsers)
      .values({ username, role, passwordHash })
      .onConflictDoUpdate({
        target: staffUsers.username,
        set: { role, passwordHash, disabled: false, mustChangePassword: false },
      });
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
          .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)));
        if (Number(admins?.value ?? 0) <= 1)
          throw new LastAdminError(`${username} is the last enabled admin`);
      }
      const [row] = await tx.update(staffUsers).set(set).where(eq(staffUsers.username, username)).returning();
      return row ? toStaffUser(row) : undefined;
    });
  }

  /**
   * Sets a new password; `temporary`: an admin's reset, which the person must replace at their next
   * sign-in. Answers false when there is no such account.
   */
  async setPassword(username: string, password: string, options: { temporary: boolean }): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    const updated = await this.db
      .update(staffUsers)
      .set({ passwordHash, mustChangePassword: options.temporary })
      .where(eq(staffUsers.username, username))
      .returning({ username: staffUsers.username });
    return updated.length > 0;
  }

  /** The account when the password matches and the account is enabled, else null. */
  async authenticate(username: string, password: string): Promise<StaffUser | null> {
    const [row] = await this.db.select().from(staffUsers).where(eq(staffUsers.username, username));
    const matches = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
    return row && matches && !row.disabled ? toStaffUser(row) : null;
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
