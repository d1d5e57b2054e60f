import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/password-hash.ts';
import { UserRepository } from '../accounts/user-repository.ts';
import { AuditRepository } from '../audit/audit-repository.ts';
import { openBffDatabase, type BffDatabaseHandle } from './connect.ts';
import { importLegacyFiles } from './import-legacy-files.ts';
import { sessionSecret } from './settings.ts';

/** A data directory as the BFF left it before the database: users.json, audit.jsonl, session-secret. */
describe('upgrading from the file-based BFF', () => {
  let dataDir: string;
  let database: BffDatabaseHandle;
  const entry = {
    time: '2026-05-04T10:00:00.000Z',
    requestId: 'a-1',
    username: 'olga',
    role: 'operator',
    operation: 'migrations_consumers_create',
    method: 'POST',
    path: '/api/v3/migrations/consumers/',
    targets: { userID: 'U-1' },
    status: 201,
    durationMs: 80.5,
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bff-legacy-'));
    const users = [
      {
        username: 'olga',
        role: 'operator',
        disabled: false,
        createdAt: '2026-01-02T03:04:05.000Z',
        passwordHash: await hashPassword('olga-password-1'),
      },
      {
        username: 'gone',
        role: 'viewer',
        disabled: true,
        createdAt: '2026-01-02T03:04:05.000Z',
        passwordHash: await hashPassword('gone-password-1'),
      },
    ];
    writeFileSync(join(dataDir, 'users.json'), JSON.stringify(users));
    // The last line torn by a crash mid-write, as the old log could leave it.
    writeFileSync(join(dataDir, 'audit.jsonl'), `${JSON.stringify(entry)}\n{"time":"2026-05-04T1`);
    writeFileSync(join(dataDir, 'session-secret'), 'the-old-key-that-signed-the-cookies-0123456789');
    database = await openBffDatabase('memory://');
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports accounts (passwords still work), the readable audit, and keeps the cookie key; once', async () => {
    const users = new UserRepository(database.db);
    const audit = new AuditRepository(database.db);
    expect(await importLegacyFiles(dataDir, users, audit)).toEqual({ users: 2, auditEntries: 1 });
    expect(await users.authenticate('olga', 'olga-password-1')).toMatchObject({
      role: 'operator',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(await users.authenticate('gone', 'gone-password-1')).toBeNull();
    // Entries from before SSO have no display name.
    expect((await audit.page({}, 10, 0)).results).toEqual([{ ...entry, displayName: null }]);
    expect(await sessionSecret(database.db, dataDir, undefined)).toBe(
      'the-old-key-that-signed-the-cookies-0123456789',
    );
    expect(existsSync(join(dataDir, 'users.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'users.json.imported'))).toBe(true);
    expect(await importLegacyFiles(dataDir, users, audit)).toEqual({ users: 0, auditEntries: 0 });
  });

  it('prefers SESSION_SECRET, and otherwise keeps one generated key for every replica', async () => {
    expect(await sessionSecret(database.db, dataDir, 'configured-secret-configured-secret')).toBe(
      'configured-secret-configured-secret',
    );
    const fresh = mkdtempSync(join(tmpdir(), 'bff-fresh-'));
    const replica = mkdtempSync(join(tmpdir(), 'bff-replica-'));
    const other = await openBffDatabase('memory://');
    try {
      const first = await sessionSecret(other.db, fresh, undefined);
      expect(first).toMatch(/^[\w-]{64}$/);
      expect(await sessionSecret(other.db, replica, undefined)).toBe(first);
    } finally {
      await other.close();
      for (const directory of [fresh, replica]) rmSync(directory, { recursive: true, force: true });
    }
  });
});
