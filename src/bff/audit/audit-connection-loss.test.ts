import { like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { createPostgresDatabase, terminateConnections } from '../../node-shared/db/testing/postgres.ts';
import { until } from '../../node-shared/testing/until.ts';
import { chargeRequests } from '../../sandbox/db/schema.ts';
import type { LossyUpstream } from '../testing/lossy-upstream.ts';
import { startBffWithSandboxBehindLossyNetwork, type BffWithSandbox } from '../testing/test-bff.ts';

const CHARGES = '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';

describe('an answered write ends with its final status in the audit though the database connection is lost (PostgreSQL)', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let bff: BffWithSandbox & { network: LossyUpstream };

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    bff = await startBffWithSandboxBehindLossyNetwork({ databaseUrl: postgres.url });
  });
  afterAll(async () => {
    await bff?.close();
    await postgres?.drop();
  });

  const auditOf = async (inputId: string) =>
    auditPageSchema
      .parse((await bff.call('GET', '/bff/audit', bff.admin)).json())
      .results.filter((entry) => entry.targets.input_id === inputId);

  it('stores the 201 when the connection is killed under the audit answer, and books the write once', async () => {
    bff.network.answerDelayMs = 1500;
    const write = bff.call('POST', CHARGES, bff.admin, { ...exampleCharge, input_id: 'audit-cut' });
    await until(async () => (await auditOf('audit-cut')).length === 1, 5000);
    const [begun] = await auditOf('audit-cut');
    expect(begun).toMatchObject({ status: 0 });
    // Another session holds the entry's row: the BFF's answer waits on it, and its connection is ended there.
    const holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    try {
      await holder.query('begin');
      const held = await holder.query('select id from audit_entries where request_id = $1 for update', [
        begun!.requestId,
      ]);
      expect(held.rowCount).toBe(1);
      await until(
        async () =>
          (await terminateConnections(
            postgres.url,
            `state = 'active' and query like 'update "audit_entries"%'`,
          )) > 0,
        10_000,
      );
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    bff.network.answerDelayMs = 0;

    expect((await write).statusCode).toBe(201);
    expect((await auditOf('audit-cut')).map((entry) => entry.status)).toEqual([201]);
    const booked = await bff.sandbox.database.db
      .select({ inputId: chargeRequests.inputId })
      .from(chargeRequests)
      .where(like(chargeRequests.inputId, 'audit-cut'));
    expect(booked).toHaveLength(1);
  });
});
