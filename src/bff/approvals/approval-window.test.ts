import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRowsPageSchema, approvalSchema } from '../../contract/approvals.ts';
import { bulkCampaignSchema, type BulkCampaign } from '../../contract/bulk.ts';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import { until } from '../../node-shared/testing/until.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { bookedTimes, charge } from '../testing/charges.ts';
import {
  addSignedInStaff,
  buildTestBff,
  consoleCall,
  signIn,
  startBffWithSandbox,
  startUpstreamSandbox,
  TEST_OPERATOR,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';

const OTTO = { username: 'otto', password: 'otto-password-1', role: 'operator' } as const;
const HOUR = 3_600_000;

const pathOf = (contract: string, user = 'P1000') =>
  `/v3/producers/${user}/contracts/${contract}/charges_and_credits/`;

describe('the four-eyes threshold over time (BFF_APPROVAL_WINDOW_H, default 720 hours)', () => {
  let bff: BffWithSandbox;
  let call: ConsoleCall;
  let operator: string;
  let otto: string;
  let clock = Date.parse('2026-11-28T09:00:00Z');
  const book = (contract: string, body: object, cookie = operator) =>
    call('POST', `/api${pathOf(contract, contract === 'C2000' ? 'P2000' : 'P1000')}`, cookie, body);
  /** Moves the clock, and signs in again (a session lasts 12 hours). */
  const advance = async (ms: number) => {
    clock += ms;
    operator = await signIn(bff.app, TEST_OPERATOR.username, TEST_OPERATOR.password);
    otto = await signIn(bff.app, OTTO.username, OTTO.password);
  };
  /** Each test starts with an empty window: the clock moves past the last test's bookings. */
  const freshWindow = () => advance(721 * HOUR);

  beforeAll(async () => {
    bff = await startBffWithSandbox({ now: () => clock });
    ({ call, operator } = bff);
    otto = await addSignedInStaff(bff.app, OTTO);
  });
  afterAll(() => bff?.close());

  it('sums one contract’s bookings sent without approval: a split 2,999.97 € books 999.99 € and asks for approval of the rest', async () => {
    await freshWindow();
    const answers = [];
    for (const inputId of ['split-1', 'split-2', 'split-3'])
      answers.push(await book('C1000', charge(inputId, 99_999)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 428, 428]);
    expect(answers[1]!.json().detail).toMatch(
      /999\.99 gross; with the 1 booking on this contract sent without approval in the last 720 hours \(€999\.99\) it reaches €1,999\.98.*POST \/bff\/approvals/,
    );
    expect(await bookedTimes(bff.sandbox, 'split-%')).toBe(1);
    // Credits move money too, and every contract has a sum of its own.
    expect(
      (await book('C1000', charge('split-credit', 100, { type_of_transaction: 'credit' }))).statusCode,
    ).toBe(428);
    expect((await book('C2000', charge('other-contract', 99_999))).statusCode).toBe(201);
  });

  it('takes a write refused this way for approval whatever its own amount, and shows the approver the bookings that made up the sum', async () => {
    await freshWindow();
    expect((await book('C1000', charge('w-1', 60_000))).statusCode).toBe(201);
    expect((await book('C1000', charge('w-2', 50_000))).statusCode).toBe(428);
    const request = await call('POST', '/bff/approvals', operator, {
      method: 'POST',
      path: pathOf('C1000'),
      body: charge('w-2', 50_000),
    });
    expect(request.statusCode, request.body).toBe(201);
    const approval = approvalSchema.parse(request.json());
    expect(approval.total_gross_cent).toBe(50_000);
    expect(approval.window_bookings).toEqual([
      expect.objectContaining({
        input_id: 'w-1',
        gross_cent: 60_000,
        source: 'single',
        upstream_status: 201,
        type_of_transaction: 'charge',
      }),
    ]);
    // A contract with nothing booked in the window: a small write needs no approval, and is not taken.
    const small = await call('POST', '/bff/approvals', operator, {
      method: 'POST',
      path: pathOf('C2000', 'P2000'),
      body: charge('w-3', 50_000),
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().detail).toMatch(/below .*book it directly/);
    const approved = await call('POST', `/bff/approvals/${approval.id}/approve`, otto, {
      password: OTTO.password,
    });
    expect(approvalSchema.parse(approved.json())).toMatchObject({ status: 'approved', outcome: 'booked' });
    // Booked through an approval, it does not count: the window still holds w-1's 600.00 € only.
    expect((await book('C1000', charge('w-4', 39_999))).statusCode).toBe(201);
    expect((await book('C1000', charge('w-5', 1))).statusCode).toBe(428);
  });

  const campaignOf = async (rows: { inputId: string; amountCent: number }[]) => {
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      // Rows alike but for input_id are meant here (repeats, issue 42).
      bookIdenticalRows: true,
      fileName: 'split.csv',
      rows: rows.map((row, index) => ({
        row: index + 2,
        values: {
          user_id: 'P1000',
          contract_id: 'C1000',
          ...charge(row.inputId, row.amountCent),
        },
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    return bulkCampaignSchema.parse(created.json());
  };
  const settled = async (id: string) => {
    let campaign: BulkCampaign | undefined;
    await until(async () => {
      campaign = bulkCampaignSchema.parse((await call('GET', `/bff/bulk/campaigns/${id}`, operator)).json());
      return campaign.status !== 'running';
    }, 20_000);
    return campaign!;
  };

  it('sums bulk rows with single bookings: three one-row campaigns of 999.99 € book one and wait for approval of the others', async () => {
    await freshWindow();
    const first = await campaignOf([{ inputId: 'bulk-split-1', amountCent: 99_999 }]);
    expect((await settled(first.id)).status).toBe('done');
    const second = await campaignOf([{ inputId: 'bulk-split-2', amountCent: 99_999 }]);
    const third = await campaignOf([{ inputId: 'bulk-split-3', amountCent: 99_999 }]);
    expect([second.status, third.status]).toEqual(['awaiting_approval', 'awaiting_approval']);
    const approval = approvalSchema.parse(
      (await call('GET', `/bff/approvals/${second.approvalId ?? ''}`, operator)).json(),
    );
    expect(approval.window_bookings).toEqual([
      expect.objectContaining({
        input_id: 'bulk-split-1',
        gross_cent: 99_999,
        source: 'bulk',
        type_of_transaction: 'charge',
      }),
    ]);
    // A single booking sees the campaign's row too.
    expect((await book('C1000', charge('after-bulk', 1))).statusCode).toBe(428);
    expect(await bookedTimes(bff.sandbox, 'bulk-split-%')).toBe(1);
  });

  it('lets one of two campaigns racing on one contract through when together they reach the threshold', async () => {
    await freshWindow();
    const [a, b] = await Promise.all([
      campaignOf([{ inputId: 'bulk-race-a', amountCent: 60_000 }]),
      campaignOf([{ inputId: 'bulk-race-b', amountCent: 60_000 }]),
    ]);
    const outcomes = await Promise.all(
      [a, b].map(async (campaign) =>
        campaign.status === 'awaiting_approval' ? 'awaiting_approval' : (await settled(campaign.id)).counts,
      ),
    );
    // Judged at creation (it waits for approval) or as its row is sent (refused, nothing sent): one is booked.
    expect(await bookedTimes(bff.sandbox, 'bulk-race-%')).toBe(1);
    expect(outcomes).toContainEqual(expect.objectContaining({ created: 1 }));
  });

  it('the same file again after its approval sends nothing and asks for no second approval', async () => {
    await freshWindow();
    const rows = [
      { inputId: 'approved-file-1', amountCent: 60_000 },
      { inputId: 'approved-file-2', amountCent: 60_000 },
    ];
    const first = await campaignOf(rows);
    expect(first.status).toBe('awaiting_approval');
    const approved = await call('POST', `/bff/approvals/${first.approvalId ?? ''}/approve`, otto, {
      password: OTTO.password,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await settled(first.id)).counts).toMatchObject({ created: 2 });
    const again = await campaignOf(rows);
    expect(again.status).not.toBe('awaiting_approval');
    expect(again.approvalId).toBeNull();
    expect((await settled(again.id)).counts).toMatchObject({ created: 0, skipped: 2 });
    expect(await bookedTimes(bff.sandbox, 'approved-file-%')).toBe(2);
  });

  it('shows the approver a campaign’s rows, paged, with repeats marked and not counted', async () => {
    await freshWindow();
    const row = (n: number, display_name: string) => ({
      row: n,
      values: { user_id: 'P1000', contract_id: 'C1000', ...charge(`paged-${n}`, 60_000), display_name },
    });
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'paged.csv',
      rows: [row(2, 'Fee A'), row(3, 'Fee A'), row(4, 'Fee B')],
    });
    const campaign = bulkCampaignSchema.parse(created.json());
    expect(campaign.status).toBe('awaiting_approval');
    const approval = approvalSchema.parse(
      (await call('GET', `/bff/approvals/${campaign.approvalId ?? ''}`, otto)).json(),
    );
    // The repeat is not sent: 1,200.00 € in all, not 1,800.00 €.
    expect(approval.total_gross_cent).toBe(120_000);
    const first = approvalRowsPageSchema.parse(
      (await call('GET', `/bff/approvals/${approval.id}/rows?limit=2`, otto)).json(),
    );
    expect(first.count).toBe(3);
    expect(first.results.map((entry) => [entry.row, entry.status, entry.gross_cent])).toEqual([
      [2, 'pending', 60_000],
      [3, 'duplicate', 60_000],
    ]);
    expect(first.results[1]!.message).toMatch(/Identical to row 2/);
    const second = approvalRowsPageSchema.parse((await call('GET', first.next!, otto)).json());
    expect(second.results.map((entry) => entry.display_name)).toEqual(['Fee B']);
    // Only writers read them, and only a campaign has rows.
    expect((await call('GET', `/bff/approvals/${approval.id}/rows?limit=1000`, otto)).statusCode).toBe(400);
  });

  it('sends no bulk row whose input_id an open approval holds', async () => {
    await freshWindow();
    const held = await call('POST', '/bff/approvals', operator, {
      method: 'POST',
      path: pathOf('C1000'),
      body: charge('held-1', 150_000),
    });
    expect(held.statusCode).toBe(201);
    const campaign = await campaignOf([{ inputId: 'held-1', amountCent: 100 }]);
    const done = await settled(campaign.id);
    expect(done.counts).toMatchObject({ created: 0, refused: 1 });
    const results = await call('GET', `/bff/bulk/campaigns/${campaign.id}/results`, operator);
    expect(results.body).toMatch(/still open/);
    expect(await bookedTimes(bff.sandbox, 'held-1')).toBe(0);
  });

  it('lets only the writes through that stay below the threshold together when twelve race (PGlite)', async () => {
    await freshWindow();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => book('C2000', charge(`pglite-race-${index}`, 20_000))),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(4);
    expect(await bookedTimes(bff.sandbox, 'pglite-race-%')).toBe(4);
  });

  it('counts nothing the platform refused', async () => {
    // C9999 does not exist on P1000: the platform refuses both; neither counts for the other.
    const first = await book('C9999', charge('refused-1', 99_999));
    const second = await book('C9999', charge('refused-2', 99_999));
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
  });

  it('forgets bookings older than the window', async () => {
    await freshWindow();
    expect((await book('C1000', charge('old-1', 99_999))).statusCode).toBe(201);
    await advance(719 * HOUR);
    expect((await book('C1000', charge('old-2', 99_999))).statusCode).toBe(428);
    await advance(HOUR + 1000);
    expect((await book('C1000', charge('old-2', 99_999))).statusCode).toBe(201);
  });

  it('refuses a money body with a member twice or one the contract does not know, before any total', async () => {
    const raw = (payload: string) =>
      bff.app.inject({
        method: 'POST',
        url: `/api${pathOf('C1000')}`,
        headers: { 'x-csrf': '1', cookie: operator, 'content-type': 'application/json' },
        payload,
      });
    const body = JSON.stringify(charge('twice-1', 1));
    const twice = await raw(`${body.slice(0, -1)},"amount_cent":500000}`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ amount_cent: [expect.stringMatching(/more than once/)] });
    const unknown = await raw(JSON.stringify({ ...charge('unknown-1', 1), amount_eur: 5000 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ amount_eur: ['This field is not part of a charge or credit.'] });
    expect(await bookedTimes(bff.sandbox, 'twice-1')).toBe(0);
    expect(await bookedTimes(bff.sandbox, 'unknown-1')).toBe(0);
  });
});

describe('BFF_APPROVAL_WINDOW_H=0', () => {
  let bff: BffWithSandbox;
  beforeAll(async () => {
    bff = await startBffWithSandbox({ approvalWindowHours: 0 });
  });
  afterAll(() => bff?.close());

  it('judges each write alone', async () => {
    const statuses = [];
    for (const inputId of ['alone-1', 'alone-2', 'alone-3'])
      statuses.push(
        (await bff.call('POST', `/api${pathOf('C1000')}`, bff.operator, charge(inputId, 99_999))).statusCode,
      );
    expect(statuses).toEqual([201, 201, 201]);
  });
});

/** Two replicas on one PostgreSQL database: writes racing on one contract must not both slip under the limit. */
describe('the sum over time on two replicas sharing PostgreSQL', () => {
  let sandbox: TestSandbox;
  let postgres: { url: string; drop: () => Promise<void> };
  let first: FastifyInstance;
  let second: FastifyInstance;
  let cookies: { first: string; second: string };

  beforeAll(async () => {
    let url: string;
    ({ sandbox, url } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    const replica = () =>
      buildTestBff(url, {
        dataDir: tmpdir(),
        databaseUrl: postgres.url,
        sessionSecret: 'approval-window-replicas-secret-0123456789',
      });
    first = await replica();
    second = await replica();
    await first.users.create('olga', 'olga-password-1', 'operator');
    cookies = {
      first: await signIn(first, 'olga', 'olga-password-1'),
      second: await signIn(second, 'olga', 'olga-password-1'),
    };
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await sandbox?.close();
    await postgres?.drop();
  });

  it('lets at most the writes through that stay below the threshold together when twelve race on two replicas', async () => {
    // Twelve 200.00 € charges at once, half on each replica: four make 800.00 €, a fifth would reach 1,000.00 €.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        consoleCall(index % 2 === 0 ? first : second)(
          'POST',
          `/api${pathOf('C1000')}`,
          index % 2 === 0 ? cookies.first : cookies.second,
          charge(`race-${index}`, 20_000),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 428)).toHaveLength(8);
    expect(await bookedTimes(sandbox, 'race-%')).toBe(4);
  });
});
