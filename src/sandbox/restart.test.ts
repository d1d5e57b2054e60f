import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleCharge } from '../contract/testing/examples.ts';
import { buildSandboxApp } from './app.ts';
import { openDatabase } from './db/connect.ts';
import { DirectoryLockedError } from '../node-shared/db/directory-lock.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createPostgresDatabase } from './testing/harness.ts';

const charge = { ...exampleCharge, input_id: 'survives-restart' };

async function runOnce(url: string) {
  const database = await openDatabase(url);
  const seeded = await seedIfEmpty(database.db);
  const app = await buildSandboxApp({ db: database.db, today: () => '2026-01-01', tokenTtlSeconds: 3600 });
  const tokenResponse = await app.inject({
    method: 'POST',
    url: '/oauth2/token/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials&client_id=sandbox-rw&client_secret=sandbox-rw-secret',
  });
  const token = tokenResponse.json<{ access_token: string }>().access_token;
  const write = await app.inject({
    method: 'POST',
    url: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
    headers: { authorization: `Bearer ${token}` },
    payload: charge,
  });
  const feed = await app.inject({
    method: 'GET',
    url: '/v3/producers/P1000/contracts/C1000/feed/?start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z&aggregation_type=day&timezone=UTC',
    headers: { authorization: `Bearer ${token}` },
  });
  await app.close();
  return {
    seeded,
    token,
    writeStatus: write.statusCode,
    writeBody: write.json(),
    feed: feed.json(),
    database,
  };
}

describe('persistence across restarts', () => {
  const directory = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps data and input_id uniqueness in a PGlite directory, and locks it to one process', async () => {
    const first = await runOnce(directory);
    expect(first.seeded).toBe(true);
    expect(first.writeStatus).toBe(201);
    await expect(openDatabase(directory)).rejects.toBeInstanceOf(DirectoryLockedError);
    await first.database.close();

    const second = await runOnce(directory);
    expect(second.seeded).toBe(false);
    expect(second.writeStatus).toBe(400);
    expect(second.writeBody).toEqual({ input_id: [expect.stringContaining('already exists')] });
    expect(second.feed).toEqual(first.feed);
    await second.database.close();
    // Seeds three years of values into an on-disk PGlite twice: 10–20 s alone, over 30 s on a loaded machine
    // (a CI run beside other work timed out at Vitest's default).
  }, 120_000);

  it('keeps data and uniqueness in PostgreSQL', async () => {
    const postgres = await createPostgresDatabase();
    try {
      const first = await runOnce(postgres.url);
      await first.database.close();
      const second = await runOnce(postgres.url);
      await second.database.close();
      expect([first.seeded, first.writeStatus, second.seeded, second.writeStatus]).toEqual([
        true,
        201,
        false,
        400,
      ]);
    } finally {
      await postgres.drop();
    }
  });

  it('takes over a lock left by a process that died: the lock then names this process, and goes with it', async () => {
    const stale = mkdtempSync(join(tmpdir(), 'sandbox-stale-'));
    try {
      const lockFile = join(stale, 'energy-console.lock');
      // The pid of a process that has ended for sure: one this test ran to its end.
      const ended = spawnSync(process.execPath, ['-e', '']);
      writeFileSync(lockFile, String(ended.pid));
      const database = await openDatabase(stale);
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      await expect(openDatabase(stale)).rejects.toBeInstanceOf(DirectoryLockedError);
      await database.close();
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
