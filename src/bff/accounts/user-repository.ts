import { asc, count, eq } from 'drizzle-orm';
import type { Role, StaffUser } from '../../contract/bff-api.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { staffUsers } from '../db/schema.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hash.ts';

export class UserExistsError extends Error {}

type UserRow = typeof staffUsers.$inferSelect;

const toStaffUser = (row: UserRow): StaffUser => ({
  username: row.username,
  role: row.role,
  disabled: row.disabled,
  createdAt: row.createdAt.toISOString(),
});

/** An account as kept before the database (users.json), for the one-off import. */
export interface StoredUser extends StaffUser {
  passwordHash: string;
}

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
      .onConflictDoUpdate({ target: staffUsers.username, set: { role, passwordHash, disabled: false } });
  }

  async update(
    username: string,
    changes: { role?: Role | undefined; disabled?: boolean | undefined },
  ): Promise<StaffUser | undefined> {
    const set = {
      ...(changes.role ? { role: changes.role } : {}),
      ...(changes.disabled === undefined ? {} : { disabled: changes.disabled }),
    };
    if (Object.keys(set).length === 0) return this.get(username);
    const [row] = await this.db
      .update(staffUsers)
      .set(set)
      .where(eq(staffUsers.username, username))
      .returning();
    return row ? toStaffUser(row) : undefined;
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
