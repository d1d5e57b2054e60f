import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Role, StaffUser } from '../contract/bff-api.ts';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

interface StoredUser extends StaffUser {
  /** `scrypt$N$r$p$salt$hash` (base64). */
  passwordHash: string;
}

export class UserExistsError extends Error {}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash ?? '', 'base64');
  const actual = await scrypt(password, Buffer.from(salt ?? '', 'base64'), expected.length || 32, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return expected.length > 0 && timingSafeEqual(expected, actual);
}

/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Staff accounts in one JSON file in BFF_DATA_DIR, written atomically (temp file + rename). */
export class UserStore {
  private users = new Map<string, StoredUser>();
  private readonly file: string;

  constructor(directory: string) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.file = join(directory, 'users.json');
    try {
      const stored = JSON.parse(readFileSync(this.file, 'utf8')) as StoredUser[];
      this.users = new Map(stored.map((user) => [user.username, user]));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  get size(): number {
    return this.users.size;
  }

  list(): StaffUser[] {
    return [...this.users.values()].map(({ passwordHash: _hash, ...user }) => user);
  }

  get(username: string): StaffUser | undefined {
    const user = this.users.get(username);
    if (!user) return undefined;
    const { passwordHash: _hash, ...rest } = user;
    return rest;
  }

  async create(username: string, password: string, role: Role): Promise<StaffUser> {
    if (this.users.has(username)) throw new UserExistsError(`${username} exists`);
    const user: StoredUser = {
      username,
      role,
      disabled: false,
      createdAt: new Date().toISOString(),
      passwordHash: await hashPassword(password),
    };
    this.users.set(username, user);
    this.save();
    return this.get(username)!;
  }

  /** Sets the password and role of an account, creating it if needed (admin bootstrap). */
  async upsert(username: string, password: string, role: Role): Promise<void> {
    const existing = this.users.get(username);
    const passwordHash = await hashPassword(password);
    this.users.set(
      username,
      existing
        ? { ...existing, role, disabled: false, passwordHash }
        : { username, role, disabled: false, createdAt: new Date().toISOString(), passwordHash },
    );
    this.save();
  }

  update(
    username: string,
    changes: { role?: Role | undefined; disabled?: boolean | undefined },
  ): StaffUser | undefined {
    const user = this.users.get(username);
    if (!user) return undefined;
    this.users.set(username, {
      ...user,
      ...(changes.role ? { role: changes.role } : {}),
      ...(changes.disabled === undefined ? {} : { disabled: changes.disabled }),
    });
    this.save();
    return this.get(username);
  }

  /** The account when the password matches and the account is enabled, else null. */
  async authenticate(username: string, password: string): Promise<StaffUser | null> {
    const user = this.users.get(username);
    const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    return user && matches && !user.disabled ? this.get(username)! : null;
  }

  private save(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify([...this.users.values()], null, 2), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
