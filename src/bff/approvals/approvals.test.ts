import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalPageSchema, approvalSchema, type Approval } from '../../contract/approvals.ts';
import { OPERATIONS } from '../../contract/api/operations.ts';
import { auditPageSchema, BFF_AUDITED_OPERATIONS, sessionUserSchema } from '../../contract/bff-api.ts';
import { bulkCampaignSchema } from '../../contract/bulk.ts';
import { until } from '../../node-shared/testing/until.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { bookedTimes, charge } from '../testing/charges.ts';
import { approvals, bulkCampaigns, bulkRows } from '../db/schema.ts';
import type { LossyUpstream } from '../testing/lossy-upstream.ts';
import {
  addSignedInStaff,
  signIn,
  startBffWithSandbox,
  startBffWithSandboxBehindLossyNetwork,
  TEST_ADMIN,
  TEST_OPERATOR,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';

const PATH = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const OTTO = { username: 'otto', password: 'otto-password-1', role: 'operator' } as const;

describe('four-eyes approvals of charges and credits', () => {
  let bff: BffWithSandbox;
  let sandbox: TestSandbox;
  let app: FastifyInstance;
  let call: ConsoleCall;
  let operator: string;
  let admin: string;
  let otto: string;
  let viewer: string;

  const request = async (body: object, cookie = operator) =>
    call('POST', '/bff/approvals', cookie, { method: 'POST', path: PATH, body });
  const requested = async (body: object, cookie = operator): Promise<Approval> => {
    const response = await request(body, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return approvalSchema.parse(response.json());
  };
  const approve = (id: string, cookie: string, password: string | undefined, digest?: string) =>
    call('POST', `/bff/approvals/${id}/approve`, cookie, {
      ...(password === undefined ? {} : { password }),
      ...(digest === undefined ? {} : { digest }),
    });

  beforeAll(async () => {
    // Each write judged alone: the sum over time has its own suite (approval-window.test.ts).
    bff = await startBffWithSandbox({ approvalWindowHours: 0 });
    ({ sandbox, app, call, operator, admin } = bff);
    otto = await addSignedInStaff(app, OTTO);
    viewer = await addSignedInStaff(app, { username: 'vera', password: 'vera-password-1', role: 'viewer' });
  });
  afterAll(() => bff?.close());

  it('tells the console the threshold with the signed-in user', async () => {
    const user = sessionUserSchema.parse((await call('GET', '/bff/user', operator)).json());
    expect(user.approvalFromCent).toBe(100_000);
  });

  it('answers 428 to a charge at or above the threshold sent straight to /api, and forwards nothing', async () => {
    const direct = (body: object) => call('POST', `/api${PATH}`, operator, body);
    const exactly = await direct(charge('direct-1', 100_000));
    expect(exactly.statusCode).toBe(428);
    expect(exactly.json().detail).toMatch(/1,000\.00.*second person.*POST \/bff\/approvals/);
    // Net 840.34 € at 19 % is 1,000.00 € gross; twelve monthly 100 € are 1,200 € in all.
    expect((await direct(charge('direct-2', 84_034, { is_gross: false }))).statusCode).toBe(428);
    expect(
      (await direct(charge('direct-3', 10_000, { no_of_executions: 12, execution_cycle: 'month' })))
        .statusCode,
    ).toBe(428);
    // A credit moves money too.
    expect((await direct(charge('direct-4', 100_000, { type_of_transaction: 'credit' }))).statusCode).toBe(
      428,
    );
    for (const inputId of ['direct-1', 'direct-2', 'direct-3', 'direct-4'])
      expect(await bookedTimes(sandbox, inputId)).toBe(0);
    // Just below it goes through as before.
    expect((await direct(charge('direct-5', 99_999))).statusCode).toBe(201);
    expect(await bookedTimes(sandbox, 'direct-5')).toBe(1);
  });

  it('answers a charges body the BFF cannot total in the platform’s words, and forwards nothing', async () => {
    const response = await call('POST', `/api${PATH}`, operator, { ...charge('bad-1'), amount_cent: '1e9' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ amount_cent: ['A valid number is required.'] });
    const notJson = await app.inject({
      method: 'POST',
      url: `/api${PATH}`,
      headers: { 'x-csrf': '1', cookie: operator, 'content-type': 'application/json' },
      payload: '{"amount_cent": 1e9,',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await bookedTimes(sandbox, 'bad-1')).toBe(0);
  });

  it('stores a request with its exact text, digest, schedule and total', async () => {
    const body = charge('req-1', 50_000, { no_of_executions: 3, execution_cycle: 'month' });
    const created = await requested(body);
    expect(created).toMatchObject({
      status: 'pending',
      kind: 'charge',
      requested_by: TEST_OPERATOR.username,
      user_id: 'P1000',
      contract_id: 'C1000',
      input_id: 'req-1',
      type_of_transaction: 'charge',
      total_gross_cent: 150_000,
      body_text: JSON.stringify(body),
      outcome: null,
    });
    expect(created.digest).toBe(
      createHash('sha256')
        .update(JSON.stringify(['POST', PATH, JSON.stringify(body)]))
        .digest('hex'),
    );
    expect(created.schedule?.map((execution) => execution.due_date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(created.totals).toEqual([
      {
        type: 'charge',
        ratePercent: 19,
        executions: 3,
        netCent: 126_051,
        vatCent: 23_949,
        grossCent: 150_000,
      },
    ]);
    expect(Date.parse(created.expires_at) - Date.parse(created.requested_at)).toBe(72 * 60 * 60_000);
    const shown = approvalSchema.parse((await call('GET', `/bff/approvals/${created.id}`, otto)).json());
    // As Otto sees it: he may approve it.
    expect(shown).toEqual({ ...created, cannot_approve_reason: null });
  });

  it('takes requests only for charges at or above the threshold, from operators and admins', async () => {
    expect((await request(charge('small-1', 99_999))).json().detail).toMatch(/below.*book it directly/);
    const otherPath = await call('POST', '/bff/approvals', operator, {
      method: 'POST',
      path: '/v3/migrations/consumers/K1/',
      body: {},
    });
    expect(otherPath.statusCode).toBe(400);
    expect(otherPath.json().path[0]).toMatch(/Only charges and credits/);
    const encoded = await call('POST', '/bff/approvals', operator, {
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000%2F..%2FC2000/charges_and_credits/',
      body: charge('enc-1'),
    });
    expect(encoded.statusCode).toBe(400);
    const invalid = await request({ ...charge('inv-1'), due_date: '2026-02-30' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json())).toEqual(['due_date']);
    expect((await request(charge('viewer-1'), viewer)).statusCode).toBe(403);
    expect((await call('GET', '/bff/approvals', viewer)).statusCode).toBe(403);
    const get = await call('POST', '/bff/approvals', operator, { method: 'GET', path: PATH, body: {} });
    expect(get.statusCode).toBe(400);
  });

  it('refuses a second pending request for the same contract and input_id', async () => {
    const first = await requested(charge('dup-1'));
    const again = await request(charge('dup-1', 200_000), otto);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain(first.id);
    // Withdrawn, it may be asked for anew (editing means withdrawing and requesting again).
    expect((await call('POST', `/bff/approvals/${first.id}/withdraw`, operator, {})).statusCode).toBe(200);
    expect((await request(charge('dup-1', 200_000), otto)).statusCode).toBe(201);
  });

  it('lets a second person approve with their password, forwards the stored bytes once, and records the answer', async () => {
    const created = await requested(charge('big-1'));
    expect(await bookedTimes(sandbox, 'big-1')).toBe(0);
    // The requester may not approve, whatever their role or password.
    const own = await approve(created.id, operator, TEST_OPERATOR.password);
    expect(own.statusCode).toBe(403);
    expect((await approve(created.id, viewer, 'vera-password-1')).statusCode).toBe(403);
    const missing = await approve(created.id, otto, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: ['Enter your password to approve.'] });
    const wrong = await approve(created.id, otto, 'not-otto-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().password).toBeDefined();
    const other = await approve(created.id, otto, OTTO.password, 'a'.repeat(64));
    expect(other.statusCode).toBe(409);
    expect(await bookedTimes(sandbox, 'big-1')).toBe(0);

    const approved = await approve(created.id, otto, OTTO.password, created.digest);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approvalSchema.parse(approved.json())).toMatchObject({
      status: 'approved',
      outcome: 'booked',
      upstream_status: 201,
      decided_by: OTTO.username,
      attempts: 1,
      upstream_body: { contract_id: 'C1000' },
    });
    expect(await bookedTimes(sandbox, 'big-1')).toBe(1);
    const again = await approve(created.id, admin, TEST_ADMIN.password);
    expect(again.statusCode).toBe(409);
    expect(await bookedTimes(sandbox, 'big-1')).toBe(1);

    // Audited: the request, the approval, and the forwarded write under the approver with the requester.
    const audit = auditPageSchema.parse((await call('GET', '/bff/audit?limit=200', admin)).json()).results;
    const mine = audit.filter((entry) => Object.values(entry.targets).includes(created.id));
    expect(mine.map((entry) => [entry.operation, entry.username, entry.status])).toEqual(
      expect.arrayContaining([
        ['bff_approvals_create', TEST_OPERATOR.username, 201],
        ['bff_approvals_approve', TEST_OPERATOR.username, 403],
        ['bff_approvals_approve', OTTO.username, 200],
        ['producers_contracts_charges_and_credits_create', OTTO.username, 201],
      ]),
    );
    // Every audited operation is one the audit page's filter offers.
    const offered: string[] = [
      ...BFF_AUDITED_OPERATIONS,
      ...OPERATIONS.map((operation) => operation.id),
      'not_allowed',
    ];
    for (const entry of audit) expect(offered).toContain(entry.operation);
    const forwarded = mine.find(
      (entry) => entry.operation === 'producers_contracts_charges_and_credits_create',
    );
    expect(forwarded?.targets).toMatchObject({ requested_by: TEST_OPERATOR.username, input_id: 'big-1' });
  });

  it('stores and forwards only what the contract’s schema read: unknown keys are dropped', async () => {
    const created = await requested({
      ...charge('extra-1'),
      contract_id: 'C9999',
      amount: 1,
      padding: 'x'.repeat(10_000),
    });
    expect(JSON.parse(created.body_text)).toEqual(charge('extra-1'));
    expect(created.body_text).not.toContain('C9999');
  });

  it('refuses a direct booking under the input_id of an open approval on the contract', async () => {
    const created = await requested(charge('held-1'));
    const direct = await call('POST', `/api${PATH}`, operator, charge('held-1', 500));
    expect(direct.statusCode).toBe(409);
    expect(direct.json().detail).toContain(created.id);
    expect(direct.json()).toMatchObject({ code: 'input_id_held_by_approval', input_id: 'held-1' });
    // Another contract's input_id space is its own.
    const elsewhere = await call(
      'POST',
      '/api/v3/producers/P2000/contracts/C2000/charges_and_credits/',
      operator,
      charge('held-1', 500),
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(await bookedTimes(sandbox, 'held-1')).toBe(1);
  });

  it('refuses an approver whose account was made after the request (a second account is not a second person)', async () => {
    const created = await requested(charge('late-account-1'), admin);
    const late = await addSignedInStaff(app, {
      username: 'ada2',
      password: 'ada2-password-1',
      role: 'admin',
    });
    const refused = await approve(created.id, late, 'ada2-password-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/created after this request/);
    expect((await approve(created.id, otto, OTTO.password)).statusCode).toBe(200);
  });

  it('refuses an admin approving their own request', async () => {
    const created = await requested(charge('admin-own-1'), admin);
    const own = await approve(created.id, admin, TEST_ADMIN.password);
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toMatch(/second person/);
  });

  it('shows a refusal by the platform to both people', async () => {
    // The input_id was booked before the request (directly, below the threshold): the platform refuses it.
    expect((await call('POST', `/api${PATH}`, operator, charge('refused-1', 500))).statusCode).toBe(201);
    const created = await requested(charge('refused-1', 150_000));
    const approved = approvalSchema.parse((await approve(created.id, otto, OTTO.password)).json());
    expect(approved).toMatchObject({ status: 'approved', outcome: 'refused', upstream_status: 400 });
    expect(approved.upstream_body).toEqual({ input_id: [expect.stringMatching(/exists/)] });
    const seen = approvalSchema.parse((await call('GET', `/bff/approvals/${created.id}`, operator)).json());
    expect(seen.outcome).toBe('refused');
    expect(await bookedTimes(sandbox, 'refused-1')).toBe(1);
  });

  it('lets another person reject with a reason and the requester withdraw, each once', async () => {
    const created = await requested(charge('reject-1'));
    expect(
      (await call('POST', `/bff/approvals/${created.id}/reject`, operator, { reason: 'no' })).statusCode,
    ).toBe(403);
    const empty = await call('POST', `/bff/approvals/${created.id}/reject`, otto, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    const rejected = await call('POST', `/bff/approvals/${created.id}/reject`, otto, {
      reason: 'Wrong contract',
    });
    expect(approvalSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      reason: 'Wrong contract',
      decided_by: OTTO.username,
    });
    expect((await approve(created.id, admin, TEST_ADMIN.password)).statusCode).toBe(409);
    expect((await call('POST', `/bff/approvals/${created.id}/withdraw`, operator, {})).statusCode).toBe(409);

    const other = await requested(charge('withdraw-1'));
    expect((await call('POST', `/bff/approvals/${other.id}/withdraw`, otto, {})).statusCode).toBe(403);
    const withdrawn = await call('POST', `/bff/approvals/${other.id}/withdraw`, operator, {});
    expect(approvalSchema.parse(withdrawn.json()).status).toBe('withdrawn');
    expect(await bookedTimes(sandbox, 'reject-1')).toBe(0);
    expect(await bookedTimes(sandbox, 'withdraw-1')).toBe(0);
  });

  it('lists requests newest first, filtered by status, in the envelope', async () => {
    const page = approvalPageSchema.parse((await call('GET', '/bff/approvals?status=rejected', otto)).json());
    expect(page.results.every((approval) => approval.status === 'rejected')).toBe(true);
    expect(page.count).toBe(page.results.length);
    const all = approvalPageSchema.parse((await call('GET', '/bff/approvals?limit=2', otto)).json());
    expect(all.results).toHaveLength(2);
    expect(all.next).toBe('/bff/approvals?limit=2&offset=2');
    const times = all.results.map((approval) => approval.requested_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call('GET', '/bff/approvals?status=done', otto)).statusCode).toBe(400);
    expect((await call('GET', '/bff/approvals/not-a-uuid', otto)).statusCode).toBe(400);
    expect((await call('GET', `/bff/approvals/${crypto.randomUUID()}`, otto)).statusCode).toBe(404);
  });

  it('keeps a stored request immutable, even against an UPDATE by hand', async () => {
    const created = await requested(charge('immutable-1'));
    await expect(
      app.database.db
        .update(approvals)
        .set({ bodyText: JSON.stringify(charge('immutable-1', 99_000_000)) })
        .where(eq(approvals.id, created.id)),
    ).rejects.toThrow();
    await expect(
      app.database.db.execute(sql`update approvals set requested_by = 'otto' where id = ${created.id}`),
    ).rejects.toThrow();
  });

  it('does not forward a request whose stored digest no longer matches its text', async () => {
    const created = await requested(charge('tampered-1'));
    // Past the trigger (a superuser can drop it): the BFF itself still refuses to send what was not approved.
    await app.database.db.execute(sql`alter table approvals disable trigger approvals_keep_request`);
    await app.database.db
      .update(approvals)
      .set({ bodyText: JSON.stringify(charge('tampered-1', 9_999_999)) })
      .where(eq(approvals.id, created.id));
    await app.database.db.execute(sql`alter table approvals enable trigger approvals_keep_request`);
    const approved = approvalSchema.parse((await approve(created.id, otto, OTTO.password)).json());
    expect(approved).toMatchObject({ status: 'approved', outcome: 'refused', upstream_status: null });
    expect(await bookedTimes(sandbox, 'tampered-1')).toBe(0);
  });

  it('holds a bulk charges campaign at or above the threshold until another person approves it', async () => {
    const rows = Array.from({ length: 3 }, (_, index) => ({
      row: index + 1,
      values: { user_id: 'P1000', contract_id: 'C1000', ...charge(`bulk-big-${index + 1}`, 40_000) },
    }));
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      // Rows alike but for input_id are meant here (repeats, issue 42).
      bookIdenticalRows: true,
      fileName: 'big.csv',
      rows,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = bulkCampaignSchema.parse(created.json());
    expect(campaign.status).toBe('awaiting_approval');
    expect(campaign.approvalId).not.toBeNull();
    const approval = approvalSchema.parse(
      (await call('GET', `/bff/approvals/${campaign.approvalId}`, otto)).json(),
    );
    expect(approval).toMatchObject({
      kind: 'bulk_charges',
      total_gross_cent: 120_000,
      campaign: {
        id: campaign.id,
        file_name: 'big.csv',
        rows: 3,
        contracts: [{ user_id: 'P1000', contract_id: 'C1000' }],
        contract_count: 1,
      },
      totals: [{ type: 'charge', ratePercent: 19, executions: 3, grossCent: 120_000 }],
    });
    // A campaign below the threshold, created after it, runs at once. The runner takes campaigns' jobs one
    // at a time in the order queued, so once this one is booked the big one would have been, had it run.
    const small = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'small.csv',
      rows: [
        { row: 1, values: { user_id: 'P1000', contract_id: 'C1000', ...charge('bulk-small-1', 10_000) } },
      ],
    });
    expect(bulkCampaignSchema.parse(small.json()).status).toBe('running');
    await until(async () => (await bookedTimes(sandbox, 'bulk-small-1')) === 1, 30_000);
    expect(await bookedTimes(sandbox, 'bulk-big-%')).toBe(0);
    expect((await approve(approval.id, operator, TEST_OPERATOR.password)).statusCode).toBe(403);
    const approved = await approve(approval.id, otto, OTTO.password);
    expect(approvalSchema.parse(approved.json()).status).toBe('approved');
    await until(async () => (await bookedTimes(sandbox, 'bulk-big-%')) === 3, 30_000);

    // A start lost to a fault (approved, campaign still waiting) is made by the next (hourly) sweep.
    const third = bulkCampaignSchema.parse(
      (
        await call('POST', '/bff/bulk/campaigns', operator, {
          kind: 'charges',
          // Rows alike but for input_id are meant here (repeats, issue 42).
          bookIdenticalRows: true,
          fileName: 'lost-start.csv',
          rows: rows.map((row) => ({ ...row, values: { ...row.values, input_id: `bulk-lost-${row.row}` } })),
        })
      ).json(),
    );
    await app.database.db.execute(sql`alter table approvals disable trigger approvals_keep_request`);
    await approve(third.approvalId!, otto, OTTO.password);
    await app.database.db
      .update(bulkCampaigns)
      .set({ status: 'awaiting_approval' })
      .where(eq(bulkCampaigns.id, third.id));
    await app.database.db.update(approvals).set({ outcome: null }).where(eq(approvals.id, third.approvalId!));
    await app.database.db.execute(sql`alter table approvals enable trigger approvals_keep_request`);
    await app.approvalSweep();
    await until(async () => (await bookedTimes(sandbox, 'bulk-lost-%')) === 3, 30_000);

    // Rows changed after the request: not started, cancelled, and the approval says so to both.
    const fourth = bulkCampaignSchema.parse(
      (
        await call('POST', '/bff/bulk/campaigns', operator, {
          kind: 'charges',
          // Rows alike but for input_id are meant here (repeats, issue 42).
          bookIdenticalRows: true,
          fileName: 'changed.csv',
          rows: rows.map((row) => ({
            ...row,
            values: { ...row.values, input_id: `bulk-changed-${row.row}` },
          })),
        })
      ).json(),
    );
    await app.database.db
      .update(bulkRows)
      .set({ body: { ...charge('bulk-changed-1', 4_000_000) } })
      .where(and(eq(bulkRows.campaignId, fourth.id), eq(bulkRows.row, 1)));
    const refused = approvalSchema.parse((await approve(fourth.approvalId!, otto, OTTO.password)).json());
    expect(refused).toMatchObject({ status: 'approved', outcome: 'refused' });
    expect(JSON.stringify(refused.upstream_body)).toMatch(/no longer those approved/);
    const changed = bulkCampaignSchema.parse(
      (await call('GET', `/bff/bulk/campaigns/${fourth.id}`, operator)).json(),
    );
    expect(changed.status).toBe('cancelled');
    expect(await bookedTimes(sandbox, 'bulk-changed-%')).toBe(0);

    // Rejected, the campaign is cancelled and sends nothing.
    const second = bulkCampaignSchema.parse(
      (
        await call('POST', '/bff/bulk/campaigns', operator, {
          kind: 'charges',
          // Rows alike but for input_id are meant here (repeats, issue 42).
          bookIdenticalRows: true,
          fileName: 'again.csv',
          rows: rows.map((row) => ({ ...row, values: { ...row.values, input_id: `bulk-no-${row.row}` } })),
        })
      ).json(),
    );
    await call('POST', `/bff/approvals/${second.approvalId}/reject`, otto, { reason: 'Twice' });
    const cancelled = bulkCampaignSchema.parse(
      (await call('GET', `/bff/bulk/campaigns/${second.id}`, operator)).json(),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await bookedTimes(sandbox, 'bulk-no-%')).toBe(0);
  });
});

describe('approvals over time and faults', () => {
  it('expires a pending request after BFF_APPROVAL_TTL_H', async () => {
    let clock = Date.parse('2026-11-24T08:00:00Z');
    const bff = await startBffWithSandbox({ approvalTtlHours: 1, now: () => clock });
    try {
      await bff.app.users.create(OTTO.username, OTTO.password, OTTO.role);
      const created = approvalSchema.parse(
        (
          await bff.call('POST', '/bff/approvals', bff.operator, {
            method: 'POST',
            path: PATH,
            body: charge('ttl-1'),
          })
        ).json(),
      );
      clock += 59 * 60_000;
      const fresh = await signIn(bff.app, OTTO.username, OTTO.password);
      expect(
        approvalSchema.parse((await bff.call('GET', `/bff/approvals/${created.id}`, fresh)).json()).status,
      ).toBe('pending');
      clock += 2 * 60_000;
      const expired = await bff.call('POST', `/bff/approvals/${created.id}/approve`, fresh, {
        password: OTTO.password,
      });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().detail).toMatch(/expired/);
      const shown = approvalSchema.parse(
        (await bff.call('GET', `/bff/approvals/${created.id}`, fresh)).json(),
      );
      expect(shown).toMatchObject({ status: 'expired', decided_at: created.expires_at });
      expect(await bookedTimes(bff.sandbox, 'ttl-1')).toBe(0);
      const listed = async (query: string) =>
        approvalPageSchema
          .parse((await bff.call('GET', `/bff/approvals${query}`, fresh)).json())
          .results.map((approval) => [approval.id, approval.status]);
      expect(await listed('?status=expired')).toEqual([[created.id, 'expired']]);
      expect(await listed('?status=pending')).toEqual([]);
      const requester = await signIn(bff.app, TEST_OPERATOR.username, TEST_OPERATOR.password);
      expect((await bff.call('GET', '/bff/approvals/decisions-for-me', requester)).json()).toMatchObject({
        unseen: 1,
      });
      const withdrawn = await bff.call('POST', `/bff/approvals/${created.id}/withdraw`, requester, {});
      expect(withdrawn.statusCode).toBe(409);
      expect(withdrawn.json().code).toBe('approval_expired');

      // Reads never write (issue 43): the row is as the request left it until the hourly sweep stores it.
      const stored = () =>
        bff.app.database.db
          .select({ status: approvals.status, decidedAt: approvals.decidedAt })
          .from(approvals)
          .where(eq(approvals.id, created.id));
      expect(await stored()).toEqual([{ status: 'pending', decidedAt: null }]);
      expect(await bff.app.approvalSweep()).toBe(1);
      expect(await stored()).toEqual([{ status: 'expired', decidedAt: new Date(created.expires_at) }]);
      expect((await bff.call('GET', `/bff/approvals/${created.id}`, fresh)).json()).toEqual(shown);
    } finally {
      await bff.close();
    }
  });

  describe('when the platform’s answer is lost', () => {
    let bff: BffWithSandbox & { network: LossyUpstream };
    beforeAll(async () => {
      bff = await startBffWithSandboxBehindLossyNetwork();
    });
    afterAll(() => bff?.close());

    it('is unknown, and sending it again books it once (the duplicate answer confirms it)', async () => {
      const otto = await addSignedInStaff(bff.app, OTTO);
      const created = approvalSchema.parse(
        (
          await bff.call('POST', '/bff/approvals', bff.operator, {
            method: 'POST',
            path: PATH,
            body: charge('lost-1'),
          })
        ).json(),
      );
      bff.network.losingAnswers = true;
      const approved = await bff.call('POST', `/bff/approvals/${created.id}/approve`, otto, {
        password: OTTO.password,
      });
      bff.network.losingAnswers = false;
      expect(approved.statusCode).toBe(200);
      expect(approvalSchema.parse(approved.json())).toMatchObject({ status: 'unknown', outcome: null });
      expect(await bookedTimes(bff.sandbox, 'lost-1')).toBe(1);
      // Only an unknown one is sent again; the requester may check it too (the bytes were approved).
      const retried = await bff.call('POST', `/bff/approvals/${created.id}/retry`, bff.operator, {});
      expect(approvalSchema.parse(retried.json())).toMatchObject({
        status: 'approved',
        outcome: 'booked',
        upstream_status: 400,
        attempts: 2,
      });
      expect(await bookedTimes(bff.sandbox, 'lost-1')).toBe(1);
      expect((await bff.call('POST', `/bff/approvals/${created.id}/retry`, otto, {})).statusCode).toBe(409);
    });
  });
});
