import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalSchema } from '../../contract/approvals.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { createPostgresDatabase, terminateConnections } from '../../node-shared/db/testing/postgres.ts';
import { chargeRequests } from '../../sandbox/db/schema.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { buildTestBff, consoleCall, signIn, startUpstreamSandbox } from '../testing/test-bff.ts';

const PATH = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const STAFF = {
  olga: { password: 'olga-password-1', role: 'operator' },
  otto: { password: 'otto-password-1', role: 'operator' },
  ada: { password: 'ada-password-12', role: 'admin' },
} as const;

/** Two BFF replicas on one PostgreSQL database in front of one sandbox: the rules must hold between them. */
describe('approvals on two replicas sharing PostgreSQL', () => {
  let sandbox: TestSandbox;
  let postgres: { url: string; drop: () => Promise<void> };
  let first: FastifyInstance;
  let second: FastifyInstance;
  const cookies: Record<string, { first: string; second: string }> = {};

  beforeAll(async () => {
    let url: string;
    ({ sandbox, url } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    const replica = () =>
      buildTestBff(url, {
        dataDir: tmpdir(),
        databaseUrl: postgres.url,
        sessionSecret: 'approvals-replicas-test-secret-0123456789',
      });
    first = await replica();
    second = await replica();
    for (const [username, staff] of Object.entries(STAFF)) {
      await first.users.create(username, staff.password, staff.role);
      cookies[username] = {
        first: await signIn(first, username, staff.password),
        second: await signIn(second, username, staff.password),
      };
    }
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await sandbox?.close();
    await postgres?.drop();
  });

  const booked = async (inputId: string) =>
    (
      await sandbox.database.db
        .select({ inputId: chargeRequests.inputId })
        .from(chargeRequests)
        .where(like(chargeRequests.inputId, inputId))
    ).length;

  const requestOn = async (app: FastifyInstance, cookie: string, inputId: string) => {
    const response = await consoleCall(app)('POST', '/bff/approvals', cookie, {
      method: 'POST',
      path: PATH,
      body: { ...exampleCharge, amount_cent: 250_000, input_id: inputId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return approvalSchema.parse(response.json());
  };

  it('forwards once when two approvers approve at the same moment on two replicas; the other gets a 409', async () => {
    for (let round = 1; round <= 5; round++) {
      const inputId = `race-${round}`;
      const created = await requestOn(first, cookies.olga!.first, inputId);
      const answers = await Promise.all([
        consoleCall(first)('POST', `/bff/approvals/${created.id}/approve`, cookies.otto!.first, {
          password: STAFF.otto.password,
        }),
        consoleCall(second)('POST', `/bff/approvals/${created.id}/approve`, cookies.ada!.second, {
          password: STAFF.ada.password,
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = approvalSchema.parse(answers.find((answer) => answer.statusCode === 200)!.json());
      expect(winner).toMatchObject({ status: 'approved', outcome: 'booked', attempts: 1 });
      expect(await booked(inputId)).toBe(1);
    }
  });

  it('lets either a withdrawal or an approval win a race, never both', async () => {
    for (let round = 1; round <= 5; round++) {
      const inputId = `withdraw-race-${round}`;
      const created = await requestOn(second, cookies.olga!.second, inputId);
      const [withdrawn, approved] = await Promise.all([
        consoleCall(first)('POST', `/bff/approvals/${created.id}/withdraw`, cookies.olga!.first, {}),
        consoleCall(second)('POST', `/bff/approvals/${created.id}/approve`, cookies.otto!.second, {
          password: STAFF.otto.password,
        }),
      ]);
      expect([withdrawn.statusCode, approved.statusCode].sort()).toEqual([200, 409]);
      expect(await booked(inputId)).toBe(approved.statusCode === 200 ? 1 : 0);
    }
  });

  it('refuses the requester on the other replica too, and a pending duplicate made there', async () => {
    const created = await requestOn(first, cookies.olga!.first, 'replica-own');
    const own = await consoleCall(second)(
      'POST',
      `/bff/approvals/${created.id}/approve`,
      cookies.olga!.second,
      {
        password: STAFF.olga.password,
      },
    );
    expect(own.statusCode).toBe(403);
    const duplicate = await consoleCall(second)('POST', '/bff/approvals', cookies.otto!.second, {
      method: 'POST',
      path: PATH,
      body: { ...exampleCharge, amount_cent: 300_000, input_id: 'replica-own' },
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('approves and books once after PostgreSQL ended every connection of both replicas', async () => {
    const created = await requestOn(first, cookies.olga!.first, 'db-restart-1');
    expect(await terminateConnections(postgres.url)).toBeGreaterThan(0);
    const approved = await consoleCall(second)(
      'POST',
      `/bff/approvals/${created.id}/approve`,
      cookies.otto!.second,
      { password: STAFF.otto.password },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approvalSchema.parse(approved.json())).toMatchObject({ status: 'approved', outcome: 'booked' });
    expect(await booked('db-restart-1')).toBe(1);
  });
});
