import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsForMeSchema, decisionsSeenSchema } from '../../contract/approval-decisions.ts';
import { approvalPageSchema, approvalSchema } from '../../contract/approvals.ts';
import { charge } from '../testing/charges.ts';
import {
  addSignedInStaff,
  startBffWithSandbox,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';

const PATH = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';

/** Issue 42: a rejected request was never shown to the person who asked; nothing told them it was decided. */
describe('the requester’s decided requests', () => {
  let bff: BffWithSandbox;
  let app: FastifyInstance;
  let call: ConsoleCall;
  let operator: string;
  let admin: string;
  let rita: string;

  const requested = async (inputId: string, cookie = rita) => {
    const response = await call('POST', '/bff/approvals', cookie, {
      method: 'POST',
      path: PATH,
      body: charge(inputId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return approvalSchema.parse(response.json());
  };
  const decisionsFor = async (cookie: string) => {
    const response = await call('GET', '/bff/approvals/decisions-for-me', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return decisionsForMeSchema.parse(response.json());
  };
  const myDecided = async (cookie: string) => {
    const response = await call('GET', '/bff/approvals?mine=decided', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return approvalPageSchema.parse(response.json());
  };

  beforeAll(async () => {
    bff = await startBffWithSandbox({ approvalWindowHours: 0 });
    ({ app, call, operator, admin } = bff);
    rita = await addSignedInStaff(app, { username: 'rita', password: 'rita-password-1', role: 'operator' });
  });
  afterAll(() => bff?.close());

  it('lists the requester’s rejected request with its reason, and only theirs, only decided ones', async () => {
    const rejected = await requested('mine-rejected');
    await requested('mine-pending');
    await requested('not-mine', operator);
    const rejection = await call('POST', `/bff/approvals/${rejected.id}/reject`, admin, {
      reason: 'Wrong contract: this fee belongs on C2000.',
    });
    expect(rejection.statusCode, rejection.body).toBe(200);

    const page = await myDecided(rita);
    expect(page.results.map((approval) => approval.status)).toEqual(['rejected']);
    expect(page.results[0]).toMatchObject({
      id: rejected.id,
      requested_by: 'rita',
      decided_by: 'ada',
      reason: 'Wrong contract: this fee belongs on C2000.',
    });
    expect((await myDecided(operator)).results.map((approval) => approval.id)).not.toContain(rejected.id);
  });

  it('counts decisions since the requester last looked, per user, and not their own withdrawals', async () => {
    const before = await decisionsFor(rita);
    expect(before.seen_at).toBeNull();
    expect(before.unseen).toBe(1);
    // Olga has no decided request of hers: nothing to tell her.
    expect((await decisionsFor(operator)).unseen).toBe(0);

    const looked = await call('POST', '/bff/approvals/decisions-for-me', rita);
    expect(looked.statusCode, looked.body).toBe(200);
    const { seen_at: seenAt, previously_seen_at: previously } = decisionsSeenSchema.parse(looked.json());
    expect(previously).toBeNull();
    const seen = await decisionsFor(rita);
    expect(seen).toEqual({ unseen: 0, seen_at: seenAt });
    const again = decisionsSeenSchema.parse(
      (await call('POST', '/bff/approvals/decisions-for-me', rita)).json(),
    );
    expect(again.previously_seen_at).toBe(seenAt);
    // Looking is not an action on anything: it leaves no audit entry (it was one refused as `not_allowed`).
    const audited = await app.auditLog.page({ user: 'rita' }, 100, 0);
    expect(audited.results.filter((entry) => entry.path === '/bff/approvals/decisions-for-me')).toEqual([]);

    const withdrawn = await requested('mine-withdrawn');
    expect((await call('POST', `/bff/approvals/${withdrawn.id}/withdraw`, rita)).statusCode).toBe(200);
    expect((await decisionsFor(rita)).unseen).toBe(0);

    const later = await requested('mine-later');
    await call('POST', `/bff/approvals/${later.id}/reject`, admin, { reason: 'Duplicate of last month.' });
    expect((await decisionsFor(rita)).unseen).toBe(1);
  });

  it('is refused to viewers, who may not list approvals', async () => {
    const vera = await addSignedInStaff(app, {
      username: 'vera',
      password: 'vera-password-1',
      role: 'viewer',
    });
    expect((await call('GET', '/bff/approvals/decisions-for-me', vera)).statusCode).toBe(403);
    expect((await call('POST', '/bff/approvals/decisions-for-me', vera)).statusCode).toBe(403);
  });
});
