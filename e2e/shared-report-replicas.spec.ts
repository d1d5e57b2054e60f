import type { Page } from '@playwright/test';
import pg from 'pg';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../src/node-shared/db/testing/postgres.ts';
import { replicaEnvironments, startBffProcess, type BffProcess } from '../src/bff/testing/bff-process.ts';
import { ADMIN_PASSWORD, stackPorts } from './console-stack.ts';
import { ADMIN, expect, signIn, test } from './fixtures.ts';
import { expectOutsider, GAP_WEEK, reader, share, summaryValue } from './shared-report-reader.ts';

/**
 * Issue 46's links on two BFF replicas (`npm run bff` twice, as production runs them) on one PostgreSQL database,
 * both in front of this run's sandbox and serving the built console: a link made on A opens on B, and a revocation
 * or an expiry holds on both at once. Their ports are this run's E2E_PORT + 50 and + 51 (scripts/e2e.ts's second
 * run is 100 above), the database a fresh one beside TEST_DATABASE_URL's, dropped afterwards.
 */
const PORT = Number(process.env.E2E_PORT ?? 18480);
const [PORT_A, PORT_B] = [PORT + 50, PORT + 51];

// Staff work on replica A (`page` and its requests go there); readers are sent to either.
test.use({ baseURL: `http://127.0.0.1:${PORT_A}` });

const totalEnergy = (page: Page) => summaryValue(page, 'Total energy');

test.describe('shared report links on two BFF replicas of one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const environments = replicaEnvironments({});
  let replicas: BffProcess[] = [];
  let a: BffProcess;
  let b: BffProcess;

  test.beforeAll(async () => {
    // CI always has PostgreSQL: no database is a failure to be seen, never a skipped spec.
    database = await createPostgresDatabase().catch((error: Error) => {
      const where = new URL(TEST_DATABASE_URL);
      throw new Error(
        `PostgreSQL at ${where.host}${where.pathname} (TEST_DATABASE_URL) is not reachable, and the replicas need it: ${error.message}`,
      );
    });
    const shared = {
      ENERGY_API_BASE_URL: `http://127.0.0.1:${stackPorts(PORT).sandbox}`,
      BFF_DATABASE_URL: database.url,
      BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SESSION_SECRET: 'e2e-replicas-share-this-session-secret',
      BFF_STATIC_DIR: 'dist',
    };
    const started = await Promise.allSettled(
      [PORT_A, PORT_B].map((port) =>
        startBffProcess({ ...environments.env(), ...shared, PORT: String(port) }),
      ),
    );
    replicas = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
    for (const each of started) if (each.status === 'rejected') throw each.reason;
    [a, b] = [replicas[0]!, replicas[1]!];
    for (const replica of replicas)
      await expect
        .poll(async () => (await fetch(`${replica.url}/readyz`)).status, { timeout: 30_000 })
        .toBe(200);
  });

  test.afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    environments.removeDataDirs();
    await database?.drop();
  });

  test('a link made on A opens on B, and once revoked on A, B answers 410 “revoked” at once', async ({
    page,
    browser,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(`/reports/feed-in?${new URLSearchParams({ ...GAP_WEEK, tz: 'Europe/Berlin' })}`);
    const staffTotal = await totalEnergy(page).innerText();
    await page.getByRole('button', { name: 'Share outside the console' }).click();
    await page.getByLabel('For whom (optional)').fill('reader on replica B');
    await page.getByRole('button', { name: 'Create the link' }).click();
    const { pathname } = new URL(await page.getByLabel('The link').inputValue());

    const outside = await reader(browser);
    const opened = await outside.page.goto(`${b.url}${pathname}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['set-cookie']).toBeUndefined();
    await expect(totalEnergy(outside.page)).toHaveText(staffTotal);

    await page.goto(`/producers/${GAP_WEEK.user}/contracts/${GAP_WEEK.contract}`);
    const listed = page.getByRole('row').filter({ hasText: 'reader on replica B' });
    await listed.getByRole('button', { name: 'Revoke' }).click();
    await expect(listed).toContainText('revoked');
    const revoked = await outside.page.goto(`${b.url}${pathname}`);
    expect(revoked?.status()).toBe(410);
    await expect(outside.page.getByRole('alert')).toHaveText(/This link was revoked/);
    await expectOutsider(outside);
  });

  test('a link past its expiry answers 410 “expired” on A and on B, while a fresh link still opens', async ({
    page,
    browser,
  }) => {
    await signIn(page, ADMIN);
    const report = { ...GAP_WEEK, tz: 'Europe/Berlin' };
    const [expiring, fresh] = [await share(page, report), await share(page, report)];
    // The replicas run on real time and a link lives at least until the next day, so instead of waiting the
    // link's expiry is moved into the past where both replicas read it on every opening: the shared database.
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const moved = await client.query(
        `update shared_reports set expires_at = now() - interval '1 minute' where id = $1`,
        [expiring.id],
      );
      expect(moved.rowCount).toBe(1);
    } finally {
      await client.end();
    }

    const outside = await reader(browser);
    for (const replica of [a, b]) {
      const answer = await outside.page.goto(`${replica.url}${expiring.url}`);
      expect(answer?.status(), replica.url).toBe(410);
      await expect(outside.page.getByRole('alert')).toHaveText(/This link has expired/);
    }
    const opened = await outside.page.goto(`${b.url}${fresh.url}`);
    expect(opened?.status()).toBe(200);
    await expect(totalEnergy(outside.page)).toHaveText(/\d.* [kMG]?Wh$/);
    await expectOutsider(outside);
  });
});
