import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { bulkCampaignSchema, type BulkCampaign, type BulkCampaignRequest } from '../../contract/bulk.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { queryRows } from '../../node-shared/db/connect.ts';
import { until } from '../../node-shared/testing/until.ts';
import { chargeRequests } from '../../sandbox/db/schema.ts';
import { bulkRows } from '../db/schema.ts';
import type { LossyUpstream } from '../testing/lossy-upstream.ts';
import {
  startBffWithSandboxBehindLossyNetwork,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';
import type { RetryPolicy } from './row-outcome.ts';

/**
 * Short enough for a test, long enough to see the backoff double twice before it is capped, and with
 * delays well above a request's time on a busy machine (so sending again at once could not pass for it).
 */
const RETRY_POLICY: RetryPolicy = { backoffBaseMs: 400, backoffMaxMs: 1600, retryWindowMs: 6000 };
/** The delay before attempt `n + 1` (n ≥ 1) as the policy means it. */
const backoffAfter = (attempt: number) =>
  Math.min(RETRY_POLICY.backoffMaxMs, RETRY_POLICY.backoffBaseMs * 2 ** (attempt - 1));
/** The most attempts the window leaves room for: the first, and one after each delay that still fits. */
function mostAttemptsInWindow(): number {
  let attempts = 1;
  for (let waited = 0; waited < RETRY_POLICY.retryWindowMs; attempts++) waited += backoffAfter(attempts);
  return attempts;
}

function chargeRows(prefix: string, count: number): BulkCampaignRequest['rows'] {
  return Array.from({ length: count }, (_, index) => ({
    row: index + 1,
    values: { user_id: 'P1000', contract_id: 'C1000', ...exampleCharge, input_id: `${prefix}-${index + 1}` },
  }));
}

describe('the bulk runner when a write fails, or the step after a successful write does', () => {
  let bff: BffWithSandbox & { network: LossyUpstream };
  let call: ConsoleCall;
  let operator: string;
  let admin: string;

  beforeAll(async () => {
    bff = await startBffWithSandboxBehindLossyNetwork({
      bulkConcurrency: 2,
      bulkRetryPolicy: RETRY_POLICY,
      // The lease on a row in flight is twice this and 5 s: a row whose runner failed is taken over sooner.
      upstreamTimeoutMs: 1000,
    });
    ({ call, operator, admin } = bff);
  });
  afterAll(() => bff?.close());

  const run = async (fileName: string, rows: BulkCampaignRequest['rows']): Promise<BulkCampaign> => {
    const created = await call('POST', '/bff/bulk/campaigns', operator, {
      kind: 'charges',
      fileName,
      rows,
      // Rows alike but for input_id are meant here (repeats, issue 42).
      bookIdenticalRows: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = bulkCampaignSchema.parse(created.json());
    let last: BulkCampaign | undefined;
    await until(async () => {
      last = bulkCampaignSchema.parse((await call('GET', `/bff/bulk/campaigns/${id}`, operator)).json());
      return last.status === 'done';
    }, 60_000);
    return last!;
  };
  /** Every attempt the audit holds for one row of a campaign, oldest first. */
  const attemptsOf = async (campaignId: string, inputId: string) =>
    auditPageSchema
      .parse(
        (
          await call(
            'GET',
            '/bff/audit?operation=producers_contracts_charges_and_credits_create&limit=1000',
            admin,
          )
        ).json(),
      )
      .results.filter((entry) => entry.targets.campaign === campaignId && entry.targets.input_id === inputId)
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const booked = async (prefix: string) =>
    (
      await bff.sandbox.database.db
        .select({ inputId: chargeRequests.inputId })
        .from(chargeRequests)
        .where(like(chargeRequests.inputId, `${prefix}-%`))
    )
      .map((row) => row.inputId)
      .sort();
  const storedRow = async (campaignId: string, inputId: string) => {
    const [row] = await bff.app.database.db
      .select()
      .from(bulkRows)
      .where(and(eq(bulkRows.campaignId, campaignId), eq(bulkRows.inputId, inputId)));
    return row!;
  };

  it('sends a row the platform does not take again, backing off, and settles it failed when the window is over', async () => {
    bff.network.refusingWritesWith = 503;
    let done: BulkCampaign;
    try {
      done = await run('down.csv', chargeRows('down', 2));
    } finally {
      bff.network.refusingWritesWith = null;
    }
    expect(done.counts).toMatchObject({ created: 0, failed: 2, unknown: 0 });
    expect(await booked('down')).toEqual([]);
    for (const inputId of ['down-1', 'down-2']) {
      const attempts = await attemptsOf(done.id, inputId);
      expect(attempts.map((attempt) => attempt.status)).toEqual(attempts.map(() => 503));
      // Each attempt waits the policy's delay after the one before: doubling from the base, capped.
      const starts = attempts.map((attempt) => Date.parse(attempt.time));
      const gaps = starts.slice(1).map((start, index) => start - starts[index]!);
      const delays = gaps.map((_, index) => backoffAfter(index + 1));
      expect(attempts.length).toBeGreaterThanOrEqual(4);
      expect(attempts.length).toBeLessThanOrEqual(mostAttemptsInWindow());
      gaps.forEach((gap, index) =>
        expect(gap, `gap ${index + 1} of ${inputId}`).toBeGreaterThanOrEqual(delays[index]!),
      );
      // Given up only once the retry window is over, counted from its first failed answer.
      expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(RETRY_POLICY.retryWindowMs);
      const row = await storedRow(done.id, inputId);
      expect(row).toMatchObject({ status: 'failed', attempts: attempts.length, unanswered: false });
      expect(row.message).toMatch(
        new RegExp(
          `^Not booked: The platform is not taking requests\\. \\(${attempts.length} attempts since `,
        ),
      );
    }
  }, 90_000);

  it('books a row once when storing its outcome fails after the platform booked it: taken over, confirmed by the platform', async () => {
    // The BFF's database refuses the first time the row is settled as created — after the platform booked it.
    const database = bff.app.database.db;
    await database.execute(sql`create sequence settle_faults`);
    await database.execute(
      sql.raw(`create function fail_first_settle() returns trigger language plpgsql as $$
        begin
          if new.status = 'created' and new.input_id = 'after-1' then
            if nextval('settle_faults') = 1 then
              raise exception 'injected: the outcome of a booked row could not be stored';
            end if;
          end if;
          return new;
        end $$`),
    );
    await database.execute(
      sql`create trigger fail_first_settle before update on bulk_rows for each row execute function fail_first_settle()`,
    );
    try {
      const done = await run('after.csv', chargeRows('after', 3));
      expect(done.counts).toMatchObject({ created: 3, skipped: 0, conflict: 0, failed: 0, unknown: 0 });
      expect(await booked('after')).toEqual(['after-1', 'after-2', 'after-3']);
      // The fault came once; the second time the row was settled as created, it was stored.
      expect(
        await queryRows<{ settled: number }>(
          database,
          sql`select last_value::int as settled from settle_faults`,
        ),
      ).toEqual([{ settled: 2 }]);
      // The row stayed claimed; after the lease another attempt went out under the same input_id, which the
      // platform answered as a duplicate: booked by the earlier attempt.
      const attempts = await attemptsOf(done.id, 'after-1');
      expect(attempts).toHaveLength(2);
      expect(attempts[0]!.status).toBe(201);
      expect(attempts[1]!.status).toBeGreaterThanOrEqual(400);
      const row = await storedRow(done.id, 'after-1');
      expect(row).toMatchObject({ status: 'created', attempts: 2, unanswered: true });
      expect(row.message).toMatch(
        /^Booked by an earlier attempt whose answer was lost; the platform confirmed it/,
      );
    } finally {
      await database.execute(sql`drop trigger fail_first_settle on bulk_rows`);
    }
  }, 90_000);
});
