import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BFF_DATABASE_KINDS, openTestBffDatabase, type TestBffDatabase } from '../testing/databases.ts';
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USER_AND_ADDRESS as MAX_FAILURES_PER_USER,
  MAX_FAILURES_PER_SESSION,
  MAX_WAIT_MS,
  SLOW_DOWN_STEP_MS,
  SignInThrottle,
  WINDOW_MS,
} from './sign-in-throttle.ts';

const fails = async () => null;
const succeeds = async () => 'signed in';

describe.each(BFF_DATABASE_KINDS)('SignInThrottle on %s', (kind) => {
  let database: TestBffDatabase;
  let now = Date.parse('2026-11-02T08:00:00Z');
  let throttle: SignInThrottle;
  /** The slow-downs the throttle waited out, recorded rather than spent (up to 2 s each). */
  const pauses: number[] = [];

  beforeAll(async () => {
    database = await openTestBffDatabase(kind);
    throttle = new SignInThrottle(
      database.handle.db,
      () => now,
      MAX_WAIT_MS,
      async (ms) => {
        pauses.push(ms);
      },
    );
  });
  afterAll(() => database.close());

  it(`blocks a username from one address after ${MAX_FAILURES_PER_USER} failures there until the window has passed`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USER; i++)
      expect(await throttle.guard('Olga', '10.0.0.1', fails)).toEqual({ result: null });
    const blocked = await throttle.guard('olga', '10.0.0.1', succeeds);
    expect(blocked).toEqual({ retryAfterSeconds: WINDOW_MS / 1000 });
    // A blocked attempt is no failure: it neither checks the password nor lengthens the block.
    now += WINDOW_MS / 2;
    expect(await throttle.guard('olga', '10.0.0.1', succeeds)).toEqual({
      retryAfterSeconds: WINDOW_MS / 2000,
    });
    now += WINDOW_MS / 2 + 1;
    expect(await throttle.guard('olga', '10.0.0.1', succeeds)).toEqual({ result: 'signed in' });
  });

  it('never refuses the right password from the owner’s address after wrong ones from other addresses: it only slows it down', async () => {
    const failures = MAX_FAILURES_PER_USER * 2;
    for (let i = 0; i < failures; i++)
      expect(await throttle.guard('mona', `10.0.11.${i}`, fails)).toEqual({ result: null });
    pauses.length = 0;
    expect(await throttle.guard('mona', '10.0.12.1', succeeds)).toEqual({ result: 'signed in' });
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThanOrEqual(SLOW_DOWN_STEP_MS);
  });

  it('counts a session’s re-entry of its password per session: failures for its username elsewhere never refuse it', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USER * 4; i++)
      await throttle.guard('nora', `10.0.13.${i % 4}`, fails);
    expect(await throttle.guardSession('session-of-nora', succeeds)).toEqual({ result: 'signed in' });
    // A stolen session still gets only a few guesses.
    for (let i = 0; i < MAX_FAILURES_PER_SESSION; i++)
      expect(await throttle.guardSession('stolen-session', fails)).toEqual({ result: null });
    expect(await throttle.guardSession('stolen-session', succeeds)).toHaveProperty('retryAfterSeconds');
    expect(await throttle.guardSession('session-of-nora', succeeds)).toEqual({ result: 'signed in' });
  });

  it('clears a username’s failures from an address at a successful sign-in from there', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USER - 1; i++) await throttle.guard('paul', '10.0.1.1', fails);
    await throttle.guard('paul', '10.0.1.1', succeeds);
    for (let i = 0; i < MAX_FAILURES_PER_USER - 1; i++)
      expect(await throttle.guard('paul', '10.0.1.1', fails)).toEqual({ result: null });
  });

  it(`blocks an address after ${MAX_FAILURES_PER_ADDRESS} failures across usernames`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) await throttle.guard(`user${i}`, '10.0.2.1', fails);
    expect(await throttle.guard('someone', '10.0.2.1', succeeds)).toHaveProperty('retryAfterSeconds');
    expect(await throttle.guard('someone', '10.0.2.2', succeeds)).toEqual({ result: 'signed in' });
  });

  it('lets no burst of parallel guesses past the limit', async () => {
    let checked = 0;
    const slowFailure = async () => {
      checked++;
      await new Promise((resolve) => setTimeout(resolve, 50)); // scrypt's time
      return null;
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => throttle.guard('erika', '10.0.3.1', slowFailure)),
    );
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_USER);
    expect(answers.filter((answer) => 'retryAfterSeconds' in answer).length).toBeGreaterThanOrEqual(25);
  });

  const slow =
    <T>(result: T, counter?: { checked: number; inFlight: number; most: number }) =>
    async () => {
      if (counter) {
        counter.checked++;
        counter.most = Math.max(counter.most, ++counter.inFlight);
      }
      await new Promise((resolve) => setTimeout(resolve, 20)); // scrypt's time
      if (counter) counter.inFlight--;
      return result;
    };

  it('counts no parallel correct sign-in as a failure: 40 staff at once from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => throttle.guard(`staff${i}`, '10.0.5.1', slow('signed in'))),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, () => ({ result: 'signed in' })));
  });

  it('lets 200 parallel correct sign-ins of one user all succeed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => throttle.guard('hanna', `10.0.6.${i % 50}`, slow('signed in'))),
    );
    expect(answers.filter((answer) => 'result' in answer && answer.result === 'signed in')).toHaveLength(200);
  });

  it('checks at most the failures a username has left at an address, however many guesses run at once', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USER - 2; i++) await throttle.guard('ines', '10.0.7.1', fails);
    const counter = { checked: 0, inFlight: 0, most: 0 };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => throttle.guard('ines', '10.0.7.1', slow(null, counter))),
    );
    expect(counter.checked).toBe(2);
    expect(answers.filter((answer) => 'retryAfterSeconds' in answer)).toHaveLength(28);
  });

  it('turns away an attempt that waited too long for a slot as busy, counting nothing', async () => {
    const impatient = new SignInThrottle(database.handle.db, () => now, 50);
    const stuck = Array.from({ length: MAX_FAILURES_PER_USER }, () =>
      impatient.guard(
        'jana',
        '10.0.8.1',
        () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 300)),
      ),
    );
    const waited = await impatient.guard('jana', '10.0.8.1', succeeds);
    expect(waited).toEqual({ retryAfterSeconds: 1, busy: true });
    await Promise.all(stuck);
  });

  it.runIf(kind === 'postgres')('caps parallel guesses across replicas', async () => {
    const replica = new SignInThrottle((await database.openReplica())!.db, () => now);
    const counter = { checked: 0, inFlight: 0, most: 0 };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? throttle : replica).guard('karl', '10.0.9.1', slow(null, counter)),
      ),
    );
    expect(counter.checked).toBe(MAX_FAILURES_PER_USER);
    expect(answers.filter((answer) => 'retryAfterSeconds' in answer)).toHaveLength(25);
    const correct = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? throttle : replica).guard('lena', `10.0.10.${i}`, slow('signed in')),
      ),
    );
    expect(correct.every((answer) => 'result' in answer && answer.result === 'signed in')).toBe(true);
  });

  it.runIf(kind === 'postgres')('counts failures across replicas', async () => {
    const replica = new SignInThrottle((await database.openReplica())!.db, () => now);
    for (let i = 0; i < MAX_FAILURES_PER_USER; i++)
      await (i % 2 ? throttle : replica).guard('victor', '10.0.4.1', fails);
    expect(await replica.guard('victor', '10.0.4.1', succeeds)).toHaveProperty('retryAfterSeconds');
    expect(await throttle.guard('victor', '10.0.4.1', succeeds)).toHaveProperty('retryAfterSeconds');
  });

  it('purges failures older than the window', async () => {
    now += WINDOW_MS + 1;
    expect(await throttle.purge()).toBeGreaterThan(0);
    expect(await throttle.purge()).toBe(0);
  });
});
