import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { until } from '../../node-shared/testing/until.ts';
import type { LossyUpstream } from '../testing/lossy-upstream.ts';
import {
  CSRF,
  startBffWithSandboxBehindLossyNetwork,
  TEST_ADMIN,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';

const CHARGES = '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';

describe('a single write is audited before it is forwarded', () => {
  let bff: BffWithSandbox & { network: LossyUpstream };
  let network: LossyUpstream;
  let call: ConsoleCall;
  let admin: string;

  beforeAll(async () => {
    bff = await startBffWithSandboxBehindLossyNetwork();
    ({ network, call, admin } = bff);
  });
  afterAll(() => bff?.close());

  const auditOf = async (inputId: string) =>
    auditPageSchema
      .parse((await call('GET', '/bff/audit', admin)).json())
      .results.filter((entry) => entry.targets.input_id === inputId);

  it('shows the attempt (status 0) while the platform has it, then its answer', async () => {
    network.answerDelayMs = 1500;
    const write = call('POST', CHARGES, admin, { ...exampleCharge, input_id: 'audited-first' });
    // The platform has booked it; its answer is still on the way: the audit already knows.
    await until(async () => (await auditOf('audited-first')).length === 1, 5000);
    expect((await auditOf('audited-first'))[0]).toMatchObject({ status: 0, username: TEST_ADMIN.username });
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
    const write = await call('POST', CHARGES, admin, { ...exampleCharge, input_id: 'audited-lost' });
    network.losingAnswers = false;
    expect(write.statusCode).toBe(502);
    // The BFF answered 502; the audit keeps what it answered staff.
    expect((await auditOf('audited-lost')).map((entry) => entry.status)).toEqual([502]);
  });

  it("links the audit's pages relatively, never to the Host header's site", async () => {
    const page = auditPageSchema.parse(
      (
        await bff.app.inject({
          method: 'GET',
          url: '/bff/audit?limit=1',
          headers: { ...CSRF, cookie: admin, host: 'attacker.example' },
        })
      ).json(),
    );
    expect(page.next).toBe('/bff/audit?limit=1&offset=1');
  });
});
