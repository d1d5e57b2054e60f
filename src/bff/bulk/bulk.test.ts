import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fieldErrorsSchema } from '../../contract/api/common.ts';
import { auditPageSchema } from '../../contract/bff-api.ts';
import {
  bulkCampaignSchema,
  bulkPriorRunsSchema,
  bulkResultRowsSchema,
  type BulkCampaign,
  type BulkCampaignRequest,
} from '../../contract/bulk.ts';
import { exampleCharge, exampleConsumer } from '../../contract/testing/examples.ts';
import { createPostgresDatabase, terminateConnections } from '../../node-shared/db/testing/postgres.ts';
import { until } from '../../node-shared/testing/until.ts';
import { chargeRequests } from '../../sandbox/db/schema.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { bulkRows } from '../db/schema.ts';
import { callBff, replicaEnvironments, signInTo, startBffProcess } from '../testing/bff-process.ts';
import type { LossyUpstream } from '../testing/lossy-upstream.ts';
import {
  addSignedInStaff,
  signIn,
  startBffWithSandbox,
  startBffWithSandboxBehindLossyNetwork,
  startUpstreamSandbox,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';
/** `GET /bff/bulk/campaigns`. */
const bulkCampaignListSchema = z.array(bulkCampaignSchema);

/** Charge rows for P1000/C1000 with input ids `<prefix>-<n>`. */
function chargeRows(prefix: string, count: number, start = 1): BulkCampaignRequest['rows'] {
  return Array.from({ length: count }, (_, index) => ({
    row: start + index,
    values: {
      user_id: 'P1000',
      contract_id: 'C1000',
      ...exampleCharge,
      input_id: `${prefix}-${start + index}`,
      // Rows that differ only in input_id are repeats of each other (issue 42): each says what it is for.
      display_name: `${exampleCharge.display_name} ${prefix}-${start + index}`,
    },
  }));
}

async function bookedInputIds(sandbox: TestSandbox, prefix: string): Promise<string[]> {
  const rows = await sandbox.database.db
    .select({ inputId: chargeRequests.inputId })
    .from(chargeRequests)
    .where(like(chargeRequests.inputId, `${prefix}-%`));
  return rows.map((row) => row.inputId).sort();
}

/** Rows of a campaign that a runner has sent and not yet settled or put back (the BFF's own database). */
async function rowsInFlight(app: FastifyInstance, campaignId: string): Promise<number> {
  const rows = await app.database.db
    .select({ row: bulkRows.row })
    .from(bulkRows)
    .where(and(eq(bulkRows.campaignId, campaignId), eq(bulkRows.status, 'sending')));
  return rows.length;
}

/** A finished campaign of `total` rows that all became bookings, each booked exactly once on the platform. */
async function expectEveryRowCreatedOnce(
  done: BulkCampaign,
  sandbox: TestSandbox,
  prefix: string,
  total: number,
): Promise<void> {
  expect(done.counts).toEqual({
    created: total,
    refused: 0,
    skipped: 0,
    conflict: 0,
    failed: 0,
    unknown: 0,
    invalid: 0,
    duplicate: 0,
  });
  const booked = await bookedInputIds(sandbox, prefix);
  expect(booked).toHaveLength(total);
  expect(new Set(booked).size).toBe(total);
}

describe('bulk campaigns in one BFF on the embedded database', () => {
  let bff: BffWithSandbox;
  let sandbox: TestSandbox;
  let app: FastifyInstance;
  let call: ConsoleCall;
  let operator: string;
  let viewer: string;
  let admin: string;

  const campaign = async (id: string, cookie = operator) =>
    bulkCampaignSchema.parse((await call('GET', `/bff/bulk/campaigns/${id}`, cookie)).json());
  /** Starts a charges campaign as the operator; its ID. */
  const startCharges = async (fileName: string, rows: BulkCampaignRequest['rows']) => {
    const created = await call('POST', '/bff/bulk/campaigns', operator, { kind: 'charges', fileName, rows });
    expect(created.statusCode, created.body).toBe(201);
    return bulkCampaignSchema.parse(created.json()).id;
  };
  const finished = async (id: string) => {
    let last: BulkCampaign | undefined;
    await until(async () => {
      last = await campaign(id);
      return last.status === 'done';
    }, 60_000);
    return last!;
  };

  beforeAll(async () => {
    // Campaigns of any size run at once here: holding them for approval is approvals.test.ts's subject.
    bff = await startBffWithSandbox({ bulkConcurrency: 3, approvalFromCent: null });
    ({ sandbox, app, call, operator, admin } = bff);
    await app.users.create('otto', 'otto-password-1', 'operator');
    viewer = await addSignedInStaff(app, {
      username: 'victor',
      password: 'victor-password-1',
      role: 'viewer',
    });
  });
  afterAll(() => bff?.close());

  it('books every row once, refuses what the platform refuses, and skips what was done already', async () => {
    const rows = [
      ...chargeRows('run', 20),
      // Unknown contract: the platform refuses it.
      { row: 21, values: { ...chargeRows('run', 1, 21)[0]!.values, contract_id: 'C9999' } },
      // No input_id: one is made from the campaign and the row.
      { row: 22, values: { user_id: 'P1000', contract_id: 'C1000', ...exampleCharge, input_id: undefined } },
    ];
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'bonus.csv',
      rows,
    });
    expect(created.statusCode).toBe(201);
    const id = bulkCampaignSchema.parse(created.json()).id;
    const done = await finished(id);
    expect(done).toMatchObject({
      total: 22,
      pending: 0,
      counts: { created: 21, refused: 1, skipped: 0, failed: 0, unknown: 0 },
    });
    // The rate over the time it ran (at least a second), not over a fixed minute it did not run.
    const ranSeconds = Math.max(1, (Date.parse(done.finishedAt!) - Date.parse(done.createdAt)) / 1000);
    expect(done.ratePerSecond).toBeCloseTo(22 / ranSeconds, 5);
    expect(await bookedInputIds(sandbox, 'run')).toHaveLength(20);
    expect(await bookedInputIds(sandbox, 'bulk')).toEqual([expect.stringMatching(/^bulk-[0-9a-f]{32}-1$/)]);

    // The same file again: nothing is booked twice.
    const again = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'bonus.csv',
      rows: chargeRows('run', 20),
    });
    const repeat = await finished(bulkCampaignSchema.parse(again.json()).id);
    expect(repeat.counts).toEqual({
      created: 0,
      refused: 0,
      skipped: 20,
      conflict: 0,
      failed: 0,
      unknown: 0,
      invalid: 0,
      duplicate: 0,
    });
    expect(await bookedInputIds(sandbox, 'run')).toHaveLength(20);

    // The results: one line per row, in file order, with the platform's message.
    const results = await call('GET', `/bff/bulk/campaigns/${id}/results`, operator);
    expect(results.headers['content-type']).toMatch(/^text\/csv/);
    const lines = Papa.parse<string[]>(results.body.trim(), { newline: '\r\n' }).data;
    expect(lines[0]).toEqual(['row', 'user_id', 'contract_id', 'input_id', 'status', 'message']);
    expect(lines).toHaveLength(23);
    expect(lines[1]).toEqual(['1', 'P1000', 'C1000', 'run-1', 'created', '']);
    expect(lines[21]!.slice(0, 5)).toEqual(['21', 'P1000', 'C9999', 'run-21', 'refused']);
    expect(lines[21]![5]).not.toBe('');
    // In German: what German Excel opens as its own, the status in words beside its pinned code.
    const german = await call('GET', `/bff/bulk/campaigns/${id}/results?language=de`, operator);
    expect(german.body.startsWith('\uFEFF')).toBe(true);
    const germanLines = Papa.parse<string[]>(german.body.slice(1).trim(), {
      newline: '\r\n',
      delimiter: ';',
    }).data;
    expect(germanLines[0]).toEqual([
      'row',
      'user_id',
      'contract_id',
      'input_id',
      'status',
      'status_text',
      'message',
    ]);
    expect(germanLines[1]).toEqual(['1', 'P1000', 'C1000', 'run-1', 'created', 'angelegt', '']);
    expect(germanLines[21]!.slice(4, 6)).toEqual(['refused', 'abgelehnt']);
    const unknownLanguage = await call('GET', `/bff/bulk/campaigns/${id}/results?language=xx`, operator);
    expect(unknownLanguage.statusCode).toBe(400);

    // Audited like single writes, under the operator, with the campaign ID.
    const audit = auditPageSchema.parse(
      (
        await call(
          'GET',
          `/bff/audit?user=olga&operation=producers_contracts_charges_and_credits_create&limit=1000`,
          admin,
        )
      ).json(),
    );
    const ofCampaign = audit.results.filter((entry) => entry.targets.campaign === id);
    expect(ofCampaign).toHaveLength(22);
    expect(ofCampaign.find((entry) => entry.targets.input_id === 'run-1')).toMatchObject({
      role: 'operator',
      status: 201,
      path: '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      targets: { userID: 'P1000', contractID: 'C1000', input_id: 'run-1', campaign: id },
    });
  });

  it('derives a missing input_id from the row: the same file again books nothing twice, and says it ran before', async () => {
    // A row of the file without input_id, twice identical (two bookings), and a third one.
    const charge = (display_name: string) => ({
      user_id: 'P1000',
      contract_id: 'C1000',
      ...exampleCharge,
      input_id: undefined,
      display_name,
    });
    const file = {
      kind: 'charges',
      fileName: 'no-ids.csv',
      // Both identical rows are meant: each gets its own derived input_id (its occurrence).
      bookIdenticalRows: true,
      rows: [
        { row: 1, values: charge('Derived twice') },
        { row: 2, values: charge('Derived twice') },
        { row: 3, values: charge('Derived once') },
      ],
    };
    const before = bulkPriorRunsSchema.parse(
      (await call('POST', '/bff/bulk/campaigns/prior-runs', operator, file)).json(),
    );
    expect(before).toEqual({ rows: [], total: 0 });
    const first = await finished(
      bulkCampaignSchema.parse((await call('POST', '/bff/bulk/campaigns', operator, file)).json()).id,
    );
    expect(first.counts.created).toBe(3);
    const booked = await bookedInputIds(sandbox, 'bulk');
    expect(booked.filter((inputId) => /-2$/.test(inputId))).toHaveLength(1);

    // 16 s later, the same file (its rows in another order too): the check names the earlier run.
    const again = {
      ...file,
      rows: [file.rows[2]!, file.rows[0]!, file.rows[1]!].map((row, index) => ({ ...row, row: index + 1 })),
    };
    const prior = bulkPriorRunsSchema.parse(
      (await call('POST', '/bff/bulk/campaigns/prior-runs', operator, again)).json(),
    );
    expect(prior.total).toBe(3);
    expect(prior.rows[0]).toMatchObject({
      campaignId: first.id,
      fileName: 'no-ids.csv',
      owner: 'olga',
      status: 'created',
      createdAt: first.createdAt,
    });
    const repeat = await finished(
      bulkCampaignSchema.parse((await call('POST', '/bff/bulk/campaigns', operator, again)).json()).id,
    );
    expect(repeat.counts).toMatchObject({ created: 0, skipped: 3, conflict: 0 });
    expect(await bookedInputIds(sandbox, 'bulk')).toEqual(booked);
    // Not sent again at all: no attempt in the audit, and each row says where it was booked.
    const audit = auditPageSchema.parse(
      (
        await call(
          'GET',
          `/bff/audit?user=olga&operation=producers_contracts_charges_and_credits_create&limit=1000`,
          admin,
        )
      ).json(),
    );
    expect(audit.results.filter((entry) => entry.targets.campaign === repeat.id)).toEqual([]);
    const results = await call('GET', `/bff/bulk/campaigns/${repeat.id}/results`, operator);
    expect(results.body).toContain(`Already booked by campaign no-ids.csv (${first.id.slice(0, 8)}), row 3.`);
    // A viewer cannot ask.
    expect((await call('POST', '/bff/bulk/campaigns/prior-runs', viewer, file)).statusCode).toBe(403);
  });

  it('sends a row identical to an earlier one of the file only when staff ask to book identical rows too', async () => {
    const credit = (display_name: string) => ({
      user_id: 'P1000',
      contract_id: 'C1000',
      ...exampleCharge,
      input_id: undefined,
      display_name,
    });
    const file = (bookIdenticalRows?: boolean) => ({
      kind: 'charges',
      fileName: 'twice.csv',
      rows: [
        { row: 2, values: credit('Identical refund') },
        { row: 3, values: credit('Identical refund') },
        { row: 4, values: credit('Another refund') },
      ],
      ...(bookIdenticalRows === undefined ? {} : { bookIdenticalRows }),
    });
    const once = await finished(
      bulkCampaignSchema.parse((await call('POST', '/bff/bulk/campaigns', operator, file())).json()).id,
    );
    expect(once.counts).toMatchObject({ created: 2, duplicate: 1 });
    const results = await call('GET', `/bff/bulk/campaigns/${once.id}/results`, operator);
    expect(results.body).toContain('3,P1000,C1000,');
    expect(results.body).toMatch(/,duplicate,Identical to row 2 of the file: not sent/);
    // Ticked: the repeat is booked as well (its own derived input_id, occurrence 2); the rest was booked before.
    const both = await finished(
      bulkCampaignSchema.parse((await call('POST', '/bff/bulk/campaigns', operator, file(true))).json()).id,
    );
    expect(both.counts).toMatchObject({ created: 1, skipped: 2, duplicate: 0 });
  });

  it('calls an input_id booked before with other values a conflict, and one the console never sent skipped for review', async () => {
    const row = (amount_cent: number, input_id: string) => ({
      user_id: 'P1000',
      contract_id: 'C1000',
      ...exampleCharge,
      amount_cent,
      input_id,
    });
    // Within one file: refused before anything is sent.
    const inOne = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'dup.csv',
      rows: [
        { row: 1, values: row(100, 'dup-1') },
        { row: 2, values: row(99999, 'dup-1') },
      ],
    });
    expect(inOne.statusCode).toBe(400);
    expect(fieldErrorsSchema.parse(inOne.json()).rows?.[0]).toMatch(
      /^row 2: input_id Row 1 has the same input_id with other values \(amount_cent\)/,
    );
    expect(await bookedInputIds(sandbox, 'dup')).toEqual([]);

    const run = async (values: Record<string, unknown>) => {
      const created = await call('POST', '/bff/bulk/campaigns', operator, {
        kind: 'charges',
        fileName: 'dup.csv',
        rows: [{ row: 1, values }],
      });
      const id = bulkCampaignSchema.parse(created.json()).id;
      await finished(id);
      return bulkResultRowsSchema.parse(
        (await call('GET', `/bff/bulk/campaigns/${id}/rows`, operator)).json(),
      );
    };
    expect(await run(row(100, 'dup-1'))).toEqual({ rows: [], total: 0 });
    // Across files: compared with what the console sent under that input_id.
    const conflict = await run(row(99999, 'dup-1'));
    expect(conflict.rows).toEqual([
      expect.objectContaining({ row: 1, inputId: 'dup-1', status: 'conflict', review: false }),
    ]);
    expect(conflict.rows[0]!.message).toMatch(
      /^Booked before with other values \(amount_cent\) by campaign dup\.csv/,
    );
    const same = await run(row(100, 'dup-1'));
    expect(same).toEqual({ rows: [], total: 0 });

    // Booked through the single form, never by a campaign: skipped, flagged for review.
    const single = await call(
      'POST',
      '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      operator,
      {
        ...exampleCharge,
        input_id: 'dup-single',
      },
    );
    expect(single.statusCode, single.body).toBeLessThan(300);
    const elsewhere = await run(row(100, 'dup-single'));
    expect(elsewhere.rows).toEqual([
      expect.objectContaining({ status: 'skipped', review: true, inputId: 'dup-single' }),
    ]);
    expect(elsewhere.rows[0]!.message).toMatch(/^Exists on the platform, not booked by the console/);
  });

  it('has one results row per row of the file: rows with problems are invalid, and listed on the page', async () => {
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'fifty.csv',
      rows: [
        ...chargeRows('fifty', 3),
        { row: 5, values: { ...chargeRows('fifty', 1, 5)[0]!.values, contract_id: 'C9999' } },
      ],
      invalid: [
        {
          row: 4,
          user_id: 'P1000',
          contract_id: 'C1000',
          message: 'amount_cent: amount_cent is whole cents: 1000 for 10,00 €',
        },
        { row: 6, message: 'user_id: This field is required.' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = bulkCampaignSchema.parse(created.json()).id;
    const done = await finished(id);
    expect(done).toMatchObject({ total: 6, counts: { created: 3, refused: 1, invalid: 2 } });
    const lines = Papa.parse<string[]>(
      (await call('GET', `/bff/bulk/campaigns/${id}/results`, operator)).body.trim(),
      { newline: '\r\n' },
    ).data;
    expect(lines.map((line) => [line[0], line[4]])).toEqual([
      ['row', 'status'],
      ['1', 'created'],
      ['2', 'created'],
      ['3', 'created'],
      ['4', 'invalid'],
      ['5', 'refused'],
      ['6', 'invalid'],
    ]);
    expect(lines[4]).toEqual([
      '4',
      'P1000',
      'C1000',
      '',
      'invalid',
      'amount_cent: amount_cent is whole cents: 1000 for 10,00 €',
    ]);
    const listed = bulkResultRowsSchema.parse(
      (await call('GET', `/bff/bulk/campaigns/${id}/rows`, operator)).json(),
    );
    expect(listed.total).toBe(3);
    expect(listed.rows.map((row) => [row.row, row.status])).toEqual([
      [4, 'invalid'],
      [5, 'refused'],
      [6, 'invalid'],
    ]);
    expect(listed.rows[1]!.message).not.toBe('');
    // A row number given as a row to send and as invalid: 400, nothing stored.
    const twice = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'twice.csv',
      rows: chargeRows('twice', 1),
      invalid: [{ row: 1, message: 'x' }],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('pauses, resumes and cancels', async () => {
    const id = await startCharges('long.csv', chargeRows('pause', 300));
    expect((await call('POST', `/bff/bulk/campaigns/${id}/pause`, operator)).statusCode).toBe(200);
    // In-flight rows finish…
    await until(async () => (await rowsInFlight(app, id)) === 0, 10_000);
    const paused = await campaign(id);
    expect(paused.status).toBe('paused');
    expect(paused.pending).toBeGreaterThan(0);
    // …then nothing moves, while the runner works: another campaign runs to its end in the meantime.
    const meanwhile = await startCharges('meanwhile.csv', chargeRows('meanwhile', 6));
    expect((await finished(meanwhile)).counts.created).toBe(6);
    expect((await campaign(id)).pending).toBe(paused.pending);
    expect(await bookedInputIds(sandbox, 'pause')).toHaveLength(300 - paused.pending);
    expect((await call('POST', `/bff/bulk/campaigns/${id}/pause`, operator)).statusCode).toBe(409);

    expect((await call('POST', `/bff/bulk/campaigns/${id}/resume`, operator)).statusCode).toBe(200);
    expect((await finished(id)).counts.created).toBe(300);
    expect(await bookedInputIds(sandbox, 'pause')).toHaveLength(300);

    const other = await startCharges('stop.csv', chargeRows('cancel', 300));
    expect((await call('POST', `/bff/bulk/campaigns/${other}/cancel`, operator)).statusCode).toBe(200);
    // Rows in flight come back and settle; the others stay unsent.
    await until(async () => (await rowsInFlight(app, other)) === 0, 10_000);
    const cancelled = await campaign(other);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.finishedAt).not.toBeNull();
    expect(cancelled.pending).toBeGreaterThan(0);
    const results = await call('GET', `/bff/bulk/campaigns/${other}/results`, operator);
    expect(results.body).toContain(',not_sent,');
    expect((await call('POST', `/bff/bulk/campaigns/${other}/resume`, operator)).statusCode).toBe(409);
  }, 90_000);

  it('lets only operators and admins run campaigns, and shows each campaign to its owner and admins', async () => {
    const rows = chargeRows('who', 1);
    expect(
      (await call('POST', '/bff/bulk/campaigns', viewer, { kind: 'charges', fileName: 'x.csv', rows }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/bff/bulk/campaigns', viewer)).statusCode).toBe(403);
    const id = bulkCampaignSchema.parse(
      (
        await call('POST', '/bff/bulk/campaigns', operator, { kind: 'charges', fileName: 'mine.csv', rows })
      ).json(),
    ).id;
    const otto = await signIn(app, 'otto', 'otto-password-1');
    expect((await call('GET', `/bff/bulk/campaigns/${id}`, otto)).statusCode).toBe(404);
    expect((await call('GET', '/bff/bulk/campaigns', otto)).json()).toEqual([]);
    const all = bulkCampaignListSchema.parse((await call('GET', '/bff/bulk/campaigns', admin)).json());
    expect(all.map((entry) => entry.id)).toContain(id);
    expect(all.find((entry) => entry.id === id)).toMatchObject({
      owner: 'olga',
      fileName: 'mine.csv',
      kind: 'charges',
    });
  });

  it('refuses rows the contract refuses, naming them, and writes nothing', async () => {
    const bad = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'bad.csv',
      rows: [
        ...chargeRows('bad', 2),
        { row: 3, values: { user_id: 'P1000', contract_id: 'C1000', amount_cent: -5 } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrorsSchema.parse(bad.json()).rows?.[0]).toMatch(/^row 3: /);
    expect(
      (
        await call('POST', '/bff/bulk/campaigns', operator, {
          kind: 'charges',
          fileName: 'none.csv',
          rows: [],
        })
      ).statusCode,
    ).toBe(400);
    // Row numbers: each once, within a file's 1..10000, named by their place in the request.
    const twice = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'twice.csv',
      rows: [...chargeRows('bad', 2), ...chargeRows('bad', 1)],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ rows: ['Row 1 is given twice: each row once.'] });
    const huge = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'huge.csv',
      rows: [{ ...chargeRows('bad', 1)[0]!, row: 3_000_000_000 }],
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ 'rows.0.row': ['A row number is between 1 and 10001.'] });
    expect(await bookedInputIds(sandbox, 'bad')).toEqual([]);
  });

  it('migrates consumers in bulk, skipping one migrated already', async () => {
    const consumer = (user: string) => ({ user_id: user, ...exampleConsumer });
    const first = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'migrations',
      fileName: 'old-system.csv',
      rows: [{ row: 1, values: consumer('BULK-1') }],
    });
    expect(first.statusCode, first.body).toBe(201);
    await finished(bulkCampaignSchema.parse(first.json()).id);
    const second = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'migrations',
      fileName: 'old-system.csv',
      rows: [
        { row: 1, values: consumer('BULK-1') },
        { row: 2, values: consumer('BULK-2') },
      ],
    });
    const done = await finished(bulkCampaignSchema.parse(second.json()).id);
    expect(done.counts).toEqual({
      created: 1,
      refused: 0,
      skipped: 1,
      conflict: 0,
      failed: 0,
      unknown: 0,
      invalid: 0,
      duplicate: 0,
    });
  });
});

describe("a bulk campaign through an outage that loses the platform's answers", () => {
  let bff: BffWithSandbox & { network: LossyUpstream };
  let sandbox: TestSandbox;
  let network: LossyUpstream;
  let call: ConsoleCall;
  let operator: string;
  let admin: string;

  const campaign = async (id: string) =>
    bulkCampaignSchema.parse((await call('GET', `/bff/bulk/campaigns/${id}`, operator)).json());

  beforeAll(async () => {
    bff = await startBffWithSandboxBehindLossyNetwork({
      bulkConcurrency: 3,
      approvalFromCent: null,
      // The production policy backs off to a minute for two hours; the same rules, faster.
      bulkRetryPolicy: { backoffBaseMs: 100, backoffMaxMs: 400, retryWindowMs: 120_000 },
    });
    ({ sandbox, network, call, operator, admin } = bff);
  });
  afterAll(() => bff?.close());

  it('keeps rows whose answer was lost open, says so when paused, and confirms each booking once', async () => {
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName: 'outage.csv',
      rows: chargeRows('outage', 60),
    });
    const id = bulkCampaignSchema.parse(created.json()).id;
    await until(async () => (await bookedInputIds(sandbox, 'outage')).length >= 10, 30_000);
    network.losingAnswers = true;
    await until(() => network.lost >= 4, 30_000);
    expect((await call('POST', `/bff/bulk/campaigns/${id}/pause`, operator)).statusCode).toBe(200);
    // Rows in flight come back (their answers lost: open, to be sent again).
    await until(async () => (await rowsInFlight(bff.app, id)) === 0, 10_000);
    const paused = await campaign(id);
    // Booked on the platform, answer lost: neither failed nor done, but unknown until it answers.
    expect(paused.counts.unknown).toBeGreaterThanOrEqual(1);
    expect(paused.counts.failed).toBe(0);
    const lines = Papa.parse<string[]>(
      (await call('GET', `/bff/bulk/campaigns/${id}/results`, operator)).body.trim(),
      { newline: '\r\n' },
    ).data;
    expect(lines.filter((line) => line[4] === 'unknown').length).toBe(paused.counts.unknown);
    expect(lines).toHaveLength(61);

    network.losingAnswers = false;
    expect((await call('POST', `/bff/bulk/campaigns/${id}/resume`, operator)).statusCode).toBe(200);
    let done: BulkCampaign | undefined;
    await until(async () => (done = await campaign(id)).status === 'done', 60_000);
    await expectEveryRowCreatedOnce(done!, sandbox, 'outage', 60);
    const results = Papa.parse<string[]>(
      (await call('GET', `/bff/bulk/campaigns/${id}/results`, operator)).body.trim(),
      { newline: '\r\n' },
    ).data;
    expect(results.filter((line) => /earlier attempt/.test(line[5] ?? '')).length).toBeGreaterThanOrEqual(
      paused.counts.unknown,
    );

    // Every attempt is in the audit, the ones whose answer was lost with status 0 (no answer).
    const audit = auditPageSchema.parse(
      (
        await call(
          'GET',
          '/bff/audit?operation=producers_contracts_charges_and_credits_create&limit=1000',
          admin,
        )
      ).json(),
    );
    const ofCampaign = audit.results.filter((entry) => entry.targets.campaign === id);
    expect(ofCampaign.filter((entry) => entry.status === 0)).toHaveLength(network.lost);
    // A row re-sent while answers were still being lost loses more than one answer: rows, not answers.
    const rowsLost = new Set(
      ofCampaign.filter((entry) => entry.status === 0).map((entry) => entry.targets.input_id),
    );
    expect(ofCampaign.filter((entry) => entry.status === 201).length).toBe(60 - rowsLost.size);
  }, 120_000);
});

describe('a bulk campaign across a BFF crash, on PostgreSQL', () => {
  let sandbox: TestSandbox;
  let upstream: string;
  let postgres: { url: string; drop: () => Promise<void> };
  let replicas: ReturnType<typeof replicaEnvironments> | undefined;

  beforeAll(async () => {
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    replicas = replicaEnvironments({
      ENERGY_API_BASE_URL: upstream,
      BFF_DATABASE_URL: postgres.url,
      BFF_ADMIN_PASSWORD: 'admin-password-1',
      SESSION_SECRET: 'bulk-test-session-secret-0123456789abcdef',
      BFF_APPROVAL_FROM_CENT: 'off',
      // A short timeout makes the lease on rows in flight short: a dead runner's rows are taken over sooner.
      ENERGY_API_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await postgres?.drop();
    replicas?.removeDataDirs();
  });

  it('answers 503 when PostgreSQL ends the connection creating a campaign: nothing half-stored, the process lives on', async () => {
    const bff = await startBffProcess(replicas!.env());
    try {
      const admin = await signInTo(bff.url, 'admin', 'admin-password-1');
      const creating = callBff(bff.url, 'POST', '/bff/bulk/campaigns', {
        cookie: admin,
        body: { kind: 'charges', fileName: 'cut.csv', rows: chargeRows('cut', 10_000) },
      });
      // The campaign's rows go in inside one transaction: end it while it is open.
      await until(
        async () =>
          (await terminateConnections(
            postgres.url,
            "state in ('active', 'idle in transaction') and query like 'insert into \"bulk_rows\"%'",
          )) > 0,
        60_000,
      );
      const answer = await creating;
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        detail: expect.stringMatching(/database/),
        code: 'database_unavailable',
      });
      expect(bff.exitCode()).toBeNull();
      const list = await callBff(bff.url, 'GET', '/bff/bulk/campaigns', { cookie: admin });
      expect(
        bulkCampaignListSchema.parse(await list.json()).filter((entry) => entry.fileName === 'cut.csv'),
      ).toEqual([]);
      expect(await bookedInputIds(sandbox, 'cut')).toEqual([]);
    } finally {
      await bff.stop();
    }
  }, 180_000);

  it('carries a campaign on when PostgreSQL ends every connection of the BFF three times, booking each row once', async () => {
    const bff = await startBffProcess(replicas!.env());
    try {
      const admin = await signInTo(bff.url, 'admin', 'admin-password-1');
      const created = await callBff(bff.url, 'POST', '/bff/bulk/campaigns', {
        cookie: admin,
        body: { kind: 'charges', fileName: 'db-fault.csv', rows: chargeRows('dbfault', 300) },
      });
      expect(created.status).toBe(201);
      const id = bulkCampaignSchema.parse(await created.json()).id;
      for (const booked of [40, 100, 160]) {
        await until(async () => (await bookedInputIds(sandbox, 'dbfault')).length >= booked, 60_000);
        // Pool clients in transactions and in flight, pg-boss's, the LISTEN connection: all of them.
        expect(await terminateConnections(postgres.url)).toBeGreaterThan(0);
      }
      let done: BulkCampaign | undefined;
      await until(async () => {
        const response = await callBff(bff.url, 'GET', `/bff/bulk/campaigns/${id}`, { cookie: admin });
        done = response.ok ? bulkCampaignSchema.parse(await response.json()) : undefined;
        return done?.status === 'done';
      }, 120_000);
      expect(bff.exitCode()).toBeNull();
      await expectEveryRowCreatedOnce(done!, sandbox, 'dbfault', 300);
    } finally {
      await bff.stop();
    }
  }, 180_000);

  it('books nothing twice and loses nothing when the BFF is killed mid-campaign and another carries on', async () => {
    const first = await startBffProcess(replicas!.env());
    const admin = await signInTo(first.url, 'admin', 'admin-password-1');
    const created = await callBff(first.url, 'POST', '/bff/bulk/campaigns', {
      cookie: admin,
      body: { kind: 'charges', fileName: 'crash.csv', rows: chargeRows('crash', 400) },
    });
    expect(created.status).toBe(201);
    const id = bulkCampaignSchema.parse(await created.json()).id;
    await until(async () => (await bookedInputIds(sandbox, 'crash')).length >= 50, 30_000);
    await first.kill();
    const bookedAtCrash = (await bookedInputIds(sandbox, 'crash')).length;
    expect(bookedAtCrash).toBeLessThan(400);

    const second = await startBffProcess(replicas!.env());
    try {
      await until(async () => {
        const response = await callBff(second.url, 'GET', `/bff/bulk/campaigns/${id}`, { cookie: admin });
        return bulkCampaignSchema.parse(await response.json()).status === 'done';
      }, 90_000);
      const done = bulkCampaignSchema.parse(
        await (await callBff(second.url, 'GET', `/bff/bulk/campaigns/${id}`, { cookie: admin })).json(),
      );
      expect(done.counts.created + done.counts.skipped).toBe(400);
      expect(done.counts.refused + done.counts.failed).toBe(0);
      const booked = await bookedInputIds(sandbox, 'crash');
      expect(booked).toHaveLength(400);
      expect(new Set(booked).size).toBe(400);
      // Every booking is in the audit, the one cut off by the kill too (recorded before it was sent).
      const audited = auditPageSchema.parse(
        await (
          await callBff(second.url, 'GET', '/bff/audit?user=admin&limit=1000', { cookie: admin })
        ).json(),
      );
      const auditedInputIds = new Set(
        audited.results
          .filter((entry) => entry.targets.campaign === id)
          .map((entry) => entry.targets.input_id),
      );
      expect(booked.filter((inputId) => !auditedInputIds.has(inputId))).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 150_000);
});
