import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import {
  callBff,
  replicaEnvironments,
  signInTo,
  startBffProcess,
  type BffProcess,
} from '../testing/bff-process.ts';
import { startUpstreamSandbox } from '../testing/test-bff.ts';

const ADMIN_PASSWORD = 'admin-password-1';
const MARA_PASSWORD = 'harbour lights five';
const SIGN_INS = 40;
const SIGN_IN_SPACING_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 41: sign-ins racing a demotion and a disable on two replicas on PostgreSQL. Each session made
 * is used on both replicas at once (so both have it cached); once a PATCH has answered, no session of the
 * account — cached, or made by a sign-in that was still in flight — acts with the rights from before.
 */
describe('an account changed on one replica while it signs in on the other', () => {
  let sandbox: TestSandbox;
  let postgres: { url: string; drop: () => Promise<void> };
  let replicas: ReturnType<typeof replicaEnvironments>;
  let first: BffProcess;
  let second: BffProcess;
  let admin: string;

  beforeAll(async () => {
    let upstream: string;
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    replicas = replicaEnvironments({
      ENERGY_API_BASE_URL: upstream,
      BFF_DATABASE_URL: postgres.url,
      BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    [first, second] = await Promise.all([startBffProcess(replicas.env()), startBffProcess(replicas.env())]);
    admin = await signInTo(first.url, 'admin', ADMIN_PASSWORD);
    const created = await callBff(first.url, 'POST', '/bff/users', {
      cookie: admin,
      body: { username: 'mara', password: MARA_PASSWORD, role: 'admin' },
    });
    expect(created.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await sandbox?.close();
    await postgres?.drop();
    replicas?.removeDataDirs();
  });

  it('serves no session with admin rights once the demotion answered, and none at all once the disable answered', async () => {
    const cookies: string[] = [];
    /** Every session's cookie, kept warm in both replicas' caches. */
    const signInAndUse = async () => {
      const answer = await callBff(second.url, 'POST', '/bff/login', {
        body: { username: 'mara', password: MARA_PASSWORD },
      });
      if (answer.status !== 200) return;
      const cookie = answer.headers.getSetCookie()[0]!.split(';')[0]!;
      cookies.push(cookie);
      await Promise.all(
        [first, second].map((replica) => callBff(replica.url, 'GET', '/bff/users', { cookie })),
      );
    };
    const inFlight: Promise<void>[] = [];
    const signIns = (async () => {
      for (let i = 0; i < SIGN_INS; i++) {
        inFlight.push(signInAndUse());
        await sleep(SIGN_IN_SPACING_MS);
      }
    })();

    const usersAnswers = async (cookie: string) =>
      Promise.all(
        [first, second].map(
          async (replica) => (await callBff(replica.url, 'GET', '/bff/users', { cookie })).status,
        ),
      );
    const userAnswers = async (cookie: string) =>
      Promise.all(
        [first, second].map(
          async (replica) => (await callBff(replica.url, 'GET', '/bff/user', { cookie })).status,
        ),
      );

    await sleep((SIGN_INS * SIGN_IN_SPACING_MS) / 3);
    const demoted = await callBff(first.url, 'PATCH', '/bff/users/mara', {
      cookie: admin,
      body: { role: 'operator' },
    });
    expect(demoted.status).toBe(200);
    // At once, no waiting for notifications: every session so far, on both replicas.
    const afterDemotion = await Promise.all([...cookies].map(usersAnswers));
    expect(afterDemotion.flat().filter((status) => status === 200)).toEqual([]);

    await sleep((SIGN_INS * SIGN_IN_SPACING_MS) / 3);
    const disabled = await callBff(first.url, 'PATCH', '/bff/users/mara', {
      cookie: admin,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    const afterDisable = await Promise.all([...cookies].map(userAnswers));
    expect(afterDisable.flat().filter((status) => status !== 401)).toEqual([]);

    await signIns;
    await Promise.all(inFlight);
    // Sessions made by sign-ins still in flight when the PATCHes answered act neither.
    expect(cookies.length).toBeGreaterThan(0);
    const atTheEnd = await Promise.all(cookies.map(userAnswers));
    expect(atTheEnd.flat().filter((status) => status !== 401)).toEqual([]);
    const adminRights = await Promise.all(cookies.map(usersAnswers));
    expect(adminRights.flat().filter((status) => status === 200)).toEqual([]);
  }, 60_000);
});
