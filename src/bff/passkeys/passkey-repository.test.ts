import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyChallenges } from '../db/schema.ts';
import { BFF_DATABASE_KINDS, openTestBffDatabase, type TestBffDatabase } from '../testing/databases.ts';
import { PasskeyRepository } from './passkey-repository.ts';
import { CHALLENGE_TTL_MS, SIGN_IN_CHALLENGES_PER_MINUTE as PER_MINUTE } from './passkeys-plugin.ts';

describe.each(BFF_DATABASE_KINDS)('sign-in challenges on %s', (kind) => {
  let database: TestBffDatabase;
  let now = Date.parse('2026-11-28T08:00:00Z');
  let replicaA: PasskeyRepository;
  let replicaB: PasskeyRepository;
  let serial = 0;
  const issue = (repository: PasskeyRepository, address: string) =>
    repository.issueSignInChallenge(`challenge-${++serial}`, address, CHALLENGE_TTL_MS, PER_MINUTE);
  const stored = async () =>
    Number((await database.handle.db.select({ value: count() }).from(passkeyChallenges))[0]!.value);

  beforeAll(async () => {
    database = await openTestBffDatabase(kind);
    replicaA = new PasskeyRepository(database.handle.db, () => now);
    // PostgreSQL: a second connection pool, as a second replica has; PGlite has one owner.
    const other = await database.openReplica();
    replicaB = new PasskeyRepository((other ?? database.handle).db, () => now);
  });
  afterAll(() => database.close());

  it(`gives one address at most ${PER_MINUTE} a minute, counted across replicas under parallel requests`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => issue(i % 2 ? replicaA : replicaB, '203.0.113.7')),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(PER_MINUTE);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(100 - PER_MINUTE);
    expect(answers.find((answer) => answer !== null)).toEqual({ retryAfterSeconds: 60 });
    expect(await stored()).toBe(PER_MINUTE);
    // Another address is not refused for it.
    expect(await issue(replicaB, '198.51.100.1')).toBeNull();

    now += 45_000;
    expect(await issue(replicaA, '203.0.113.7')).toEqual({ retryAfterSeconds: 15 });
    now += 15_000;
    expect(await issue(replicaA, '203.0.113.7')).toBeNull();
  });

  it('keeps no expired challenge once a new one is asked for: the table holds the last five minutes', async () => {
    now += CHALLENGE_TTL_MS;
    expect(await issue(replicaB, '192.0.2.9')).toBeNull();
    expect(await stored()).toBe(1);
  });
});
