import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalSchema } from '../../contract/approvals.ts';
import { bulkCampaignSchema } from '../../contract/bulk.ts';
import { contractRecordsSchema, duplicatesSchema, searchResponseSchema } from '../../contract/records.ts';
import { exampleCharge, exampleConsumer } from '../../contract/testing/examples.ts';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import { until } from '../../node-shared/testing/until.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import {
  addSignedInStaff,
  buildTestBff,
  consoleCall,
  signIn,
  startBffWithSandbox,
  startUpstreamSandbox,
  type BffWithSandbox,
} from '../testing/test-bff.ts';

const OTTO = { username: 'otto', password: 'otto-password-1', role: 'operator' } as const;

describe('records of bulk rows and approved bookings', () => {
  let bff: BffWithSandbox;
  let otto: string;
  const contract = async () =>
    contractRecordsSchema.parse(
      (await bff.call('GET', '/bff/records/contracts/P1000/C1000', bff.operator)).json(),
    );

  beforeAll(async () => {
    bff = await startBffWithSandbox();
    otto = await addSignedInStaff(bff.app, OTTO);
  });
  afterAll(() => bff?.close());

  it('records each row of a bulk campaign once, under its owner, naming the campaign', async () => {
    const rows = ['bulk-rec-1', 'bulk-rec-2'].map((inputId, index) => ({
      row: index + 2,
      values: { ...exampleCharge, user_id: 'P1000', contract_id: 'C1000', input_id: inputId },
    }));
    const created = await bff.call('POST', '/bff/bulk/campaigns', bff.operator, {
      kind: 'charges',
      // Rows alike but for input_id are meant here (repeats, issue 42).
      bookIdenticalRows: true,
      fileName: 'records.csv',
      rows,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = bulkCampaignSchema.parse(created.json()).id;
    await until(async () => {
      const campaign = bulkCampaignSchema.parse(
        (await bff.call('GET', `/bff/bulk/campaigns/${campaignId}`, bff.operator)).json(),
      );
      return campaign.status === 'done';
    }, 30_000);
    const bulk = (await contract()).bookings.filter((booking) => booking.source === 'bulk');
    expect(
      bulk
        .map((booking) => [booking.input_id, booking.source_id, booking.outcome, booking.recorded_by])
        .sort(),
    ).toEqual([
      ['bulk-rec-1', campaignId, 'created', 'olga'],
      ['bulk-rec-2', campaignId, 'created', 'olga'],
    ]);
  });

  it('records an approved booking under its requester, naming the approval', async () => {
    const requested = await bff.call('POST', '/bff/approvals', bff.operator, {
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      body: { ...exampleCharge, amount_cent: 250_000, input_id: 'approved-rec-1' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const approval = approvalSchema.parse(requested.json());
    // Not a booking until a second person approves it.
    expect((await contract()).bookings.some((booking) => booking.input_id === 'approved-rec-1')).toBe(false);
    const approved = await bff.call('POST', `/bff/approvals/${approval.id}/approve`, otto, {
      password: OTTO.password,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await contract()).bookings.filter((booking) => booking.input_id === 'approved-rec-1')).toEqual([
      expect.objectContaining({
        source: 'approval',
        source_id: approval.id,
        outcome: 'created',
        recorded_by: 'olga',
      }),
    ]);
  });
});

describe('records on two replicas sharing PostgreSQL', () => {
  let sandbox: TestSandbox;
  let postgres: { url: string; drop: () => Promise<void> };
  let first: FastifyInstance;
  let second: FastifyInstance;
  let onFirst: string;
  let onSecond: string;

  beforeAll(async () => {
    let url: string;
    ({ sandbox, url } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    const replica = () =>
      buildTestBff(url, {
        dataDir: tmpdir(),
        databaseUrl: postgres.url,
        sessionSecret: 'records-replicas-test-secret-0123456789ab',
      });
    first = await replica();
    second = await replica();
    await first.users.create(OTTO.username, OTTO.password, OTTO.role);
    onFirst = await signIn(first, OTTO.username, OTTO.password);
    onSecond = await signIn(second, OTTO.username, OTTO.password);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await sandbox?.close();
    await postgres?.drop();
  });

  it('finds on one replica what was migrated through the other, and warns of it there', async () => {
    const migrated = await consoleCall(first)('POST', '/api/v3/migrations/consumers/K-200001/', onFirst, {
      ...exampleConsumer,
      first_name: 'Jörg',
      last_name: 'Müller',
      meteringpoint_id: '41373559241',
    });
    expect(migrated.statusCode, migrated.body).toBe(201);
    const found = searchResponseSchema.parse(
      (await consoleCall(second)('GET', '/bff/search?q=muller', onSecond)).json(),
    );
    expect(found.results).toEqual([
      expect.objectContaining({ kind: 'consumer', url: '/consumers/K-200001' }),
    ]);
    const duplicates = duplicatesSchema.parse(
      (
        await consoleCall(second)('POST', '/bff/records/duplicates', onSecond, {
          operation: 'consumer_migration',
          user_id: 'K-200002',
          meteringpoint_id: '41373559241',
        })
      ).json(),
    );
    expect(duplicates.duplicates).toEqual([
      expect.objectContaining({ user_id: 'K-200001', reason: 'market_location' }),
    ]);
  });
});
