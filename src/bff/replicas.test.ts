import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, AUDIT_CSV_HEADER } from '../contract/bff-api.ts';
import { createPostgresDatabase } from '../node-shared/db/testing/postgres.ts';
import type { TestSandbox } from '../sandbox/testing/harness.ts';
import { startUpstreamSandbox } from './testing/test-bff.ts';
import {
  callBff,
  replicaEnvironments,
  signInTo,
  startBffProcess,
  statusOf,
  type BffProcess,
} from './testing/bff-process.ts';
import { until } from '../node-shared/testing/until.ts';

const ADMIN_PASSWORD = 'admin-password-1';
/** Passwords set through `POST /bff/users` pass the policy: no username in them. */
const STAFF_PASSWORDS = {
  olga: 'harbour lights one',
  paula: 'harbour lights two',
  victor: 'harbour lights three',
};

describe('two BFF processes on one PostgreSQL database behave as one', () => {
  let sandbox: TestSandbox;
  let postgres: { url: string; drop: () => Promise<void> };
  let upstream: string;
  let replicas: ReturnType<typeof replicaEnvironments>;
  let first: BffProcess;
  let second: BffProcess;
  let admin: string;

  beforeAll(async () => {
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    // No SESSION_SECRET: the replicas agree on the key kept in their database.
    replicas = replicaEnvironments({
      ENERGY_API_BASE_URL: upstream,
      BFF_DATABASE_URL: postgres.url,
      BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    [first, second] = await Promise.all([startBffProcess(replicas.env()), startBffProcess(replicas.env())]);
    admin = await signInTo(first.url, 'admin', ADMIN_PASSWORD);
    for (const [username, role] of [
      ['olga', 'operator'],
      ['victor', 'viewer'],
      ['paula', 'operator'],
    ] as const)
      expect(
        await statusOf(
          callBff(second.url, 'POST', '/bff/users', {
            cookie: admin,
            body: { username, password: STAFF_PASSWORDS[username], role },
          }),
        ),
      ).toBe(201);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await sandbox.close();
    await postgres.drop();
    replicas.removeDataDirs();
  });

  it('a session made on one works on the other', async () => {
    const olga = await signInTo(second.url, 'olga', STAFF_PASSWORDS.olga);
    const me = await callBff(first.url, 'GET', '/bff/user', { cookie: olga });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'olga', role: 'operator' });
  });

  it('sign-out on one ends the session on the other', async () => {
    const olga = await signInTo(first.url, 'olga', STAFF_PASSWORDS.olga);
    expect(await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: olga }))).toBe(200);
    expect(await statusOf(callBff(first.url, 'POST', '/bff/logout', { cookie: olga }))).toBe(204);
    await until(
      async () => (await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: olga }))) === 401,
      2000,
    );
  });

  it('disabling an account on one ends its sessions on the other', async () => {
    const paula = await signInTo(second.url, 'paula', STAFF_PASSWORDS.paula);
    expect(await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: paula }))).toBe(200);
    const disabled = callBff(first.url, 'PATCH', '/bff/users/paula', {
      cookie: admin,
      body: { disabled: true },
    });
    expect(await statusOf(disabled)).toBe(200);
    await until(
      async () => (await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: paula }))) === 401,
      2000,
    );
    const again = await callBff(second.url, 'POST', '/bff/login', {
      body: { username: 'paula', password: STAFF_PASSWORDS.paula },
    });
    expect(again.status).toBe(401);
  });

  it('counts failed sign-ins across replicas', async () => {
    for (let i = 0; i < 5; i++) {
      const target = i % 2 ? first : second;
      const wrong = await callBff(target.url, 'POST', '/bff/login', {
        body: { username: 'victor', password: `wrong-${i}-password` },
      });
      expect(wrong.status).toBe(401);
    }
    for (const target of [first, second]) {
      const blocked = await callBff(target.url, 'POST', '/bff/login', {
        body: { username: 'victor', password: STAFF_PASSWORDS.victor },
      });
      expect(blocked.status).toBe(429);
    }
  });

  it('every replica reads the whole audit: paged, filtered, exported', async () => {
    const olga = await signInTo(first.url, 'olga', STAFF_PASSWORDS.olga);
    const charge = (base: string, inputId: string) =>
      callBff(base, 'POST', '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/', {
        cookie: olga,
        body: { input_id: inputId },
      });
    await charge(first.url, 'replica-one');
    await charge(second.url, 'replica-two');
    // Newest first by each replica's clock: this machine's clock is not monotonic across processes, so the
    // test checks that each replica pages through both entries, not their order.
    const both = ['replica-one', 'replica-two'];
    for (const reader of [first, second]) {
      const page = auditPageSchema.parse(
        await (await callBff(reader.url, 'GET', '/bff/audit?user=olga&limit=1', { cookie: admin })).json(),
      );
      expect(page.count).toBe(2);
      expect(page.previous).toBeNull();
      expect(page.next).toBe('/bff/audit?user=olga&limit=1&offset=1');
      const next = auditPageSchema.parse(
        await (
          await callBff(reader.url, 'GET', page.next!, {
            cookie: admin,
          })
        ).json(),
      );
      expect(
        [page.results[0]!.targets.input_id, next.results[0]!.targets.input_id].sort(),
        JSON.stringify([page, next]),
      ).toEqual(both);
      expect(next.next).toBeNull();
    }
    const refused = await callBff(first.url, 'GET', '/bff/audit?status=7xx&from=yesterday', {
      cookie: admin,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(await refused.json()).sort()).toEqual(['from', 'status']);
    expect(await statusOf(callBff(first.url, 'GET', '/bff/audit', { cookie: olga }))).toBe(403);

    const csv = await callBff(second.url, 'GET', '/bff/audit/export?user=olga', { cookie: admin });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>((await csv.text()).trim()).data;
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(
      rows
        .slice(1)
        .map((row) => row[7])
        .sort(),
    ).toEqual(both.map((inputId) => `userID=P1000; contractID=C1000; input_id=${inputId}`));
    expect(await statusOf(callBff(first.url, 'GET', '/bff/audit/export', { cookie: olga }))).toBe(403);
  });

  it('a restarted replica keeps everyone signed in', async () => {
    const olga = await signInTo(first.url, 'olga', STAFF_PASSWORDS.olga);
    expect(await first.stop()).toBe(0);
    first = await startBffProcess(replicas.env());
    expect(await statusOf(callBff(first.url, 'GET', '/bff/user', { cookie: olga }))).toBe(200);
    expect(await statusOf(callBff(first.url, 'GET', '/bff/user', { cookie: admin }))).toBe(200);
  });
});

describe('the embedded database', () => {
  it('keeps sessions, accounts and the audit across a restart', async () => {
    const { sandbox, url: upstream } = await startUpstreamSandbox();
    const dataDir = mkdtempSync(join(tmpdir(), 'bff-embedded-'));
    const env = { ENERGY_API_BASE_URL: upstream, BFF_DATA_DIR: dataDir };
    let bff = await startBffProcess(env);
    try {
      const password = /password (\S+) \(shown once/.exec(bff.output())?.[1];
      expect(password).toBeDefined();
      const admin = await signInTo(bff.url, 'admin', password!);
      await callBff(bff.url, 'POST', '/bff/users', {
        cookie: admin,
        body: { username: 'olga', password: STAFF_PASSWORDS.olga, role: 'operator' },
      });
      expect(await bff.stop()).toBe(0);
      bff = await startBffProcess(env);
      expect(bff.output()).not.toContain('shown once');
      expect(await statusOf(callBff(bff.url, 'GET', '/bff/user', { cookie: admin }))).toBe(200);
      const audit = auditPageSchema.parse(
        await (await callBff(bff.url, 'GET', '/bff/audit', { cookie: admin })).json(),
      );
      expect(audit.results.map((entry) => entry.operation)).toEqual(['bff_users_create']);
      await signInTo(bff.url, 'olga', STAFF_PASSWORDS.olga);
    } finally {
      await bff.stop();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000); // two BFF processes started one after the other, each opening PGlite: ~25 s on a loaded machine
});
