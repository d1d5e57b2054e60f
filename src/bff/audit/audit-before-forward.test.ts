import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { until } from '../../node-shared/testing/until.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { startLossyUpstream, type LossyUpstream } from '../testing/lossy-upstream.ts';
import { buildTestBff, startUpstreamSandbox } from '../testing/test-bff.ts';

const CSRF = { 'x-csrf': '1' };
const CHARGES = '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';

describe('a single write is audited before it is forwarded', () => {
  let sandbox: TestSandbox;
  let network: LossyUpstream;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    let upstream: string;
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    network = await startLossyUpstream(upstream);
    app = await buildTestBff(network.url, { dataDir: join(tmpdir(), 'bff-audit-unused') });
    await app.users.create('ada', 'ada-password-12', 'admin');
    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'ada', password: 'ada-password-12' },
    });
    admin = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await network?.close();
    await sandbox?.close();
  });

  const auditOf = async (inputId: string) =>
    auditPageSchema
      .parse(
        (await app.inject({ method: 'GET', url: '/bff/audit', headers: { ...CSRF, cookie: admin } })).json(),
      )
      .results.filter((entry) => entry.targets.input_id === inputId);

  it('shows the attempt (status 0) while the platform has it, then its answer', async () => {
    network.answerDelayMs = 1500;
    const write = app.inject({
      method: 'POST',
      url: CHARGES,
      headers: { ...CSRF, cookie: admin },
      payload: { ...exampleCharge, input_id: 'audited-first' },
    });
    // The platform has booked it; its answer is still on the way: the audit already knows.
    await until(async () => (await auditOf('audited-first')).length === 1, 5000);
    expect((await auditOf('audited-first'))[0]).toMatchObject({ status: 0, username: 'ada' });
    expect((await write).statusCode).toBe(201);
    network.answerDelayMs = 0;
    const entries = await auditOf('audited-first');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 201,
      operation: 'producers_contracts_charges_and_credits_create',
    });
  });

  it('records what staff were told (502) for an attempt whose answer never came', async () => {
    network.losingAnswers = true;
    const write = await app.inject({
      method: 'POST',
      url: CHARGES,
      headers: { ...CSRF, cookie: admin },
      payload: { ...exampleCharge, input_id: 'audited-lost' },
    });
    network.losingAnswers = false;
    expect(write.statusCode).toBe(502);
    // The BFF answered 502; the audit keeps what it answered staff.
    expect((await auditOf('audited-lost')).map((entry) => entry.status)).toEqual([502]);
  });

  it("links the audit's pages relatively, never to the Host header's site", async () => {
    const page = auditPageSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/bff/audit?limit=1',
          headers: { ...CSRF, cookie: admin, host: 'attacker.example' },
        })
      ).json(),
    );
    expect(page.next).toBe('/bff/audit?limit=1&offset=1');
  });
});
