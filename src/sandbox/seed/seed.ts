import { sql } from 'drizzle-orm';
import { sha256Hex } from '../auth/sha256.ts';
import type { Database } from '../db/connect.ts';
import { feedValues, oauthClients, producerContracts, producers } from '../db/schema.ts';
import { generateFeedSeries, type FeedSeries } from './feed-generator.ts';
import { SEED_CLIENTS, SEED_PRODUCERS, SEED_SALESPARTNER } from './seed-data.ts';

const BATCH = 20_000;

/** Inserts a series with its running totals in batches through `unnest` (same SQL on PGlite and pg). */
async function insertFeed(db: Database, contractId: string, series: FeedSeries): Promise<void> {
  let cumWh = 0;
  const cumulative = new Float64Array(series.wh.length);
  series.wh.forEach((value, index) => {
    cumWh += value;
    cumulative[index] = cumWh;
  });
  for (let from = 0; from < series.wh.length; from += BATCH) {
    const to = Math.min(from + BATCH, series.wh.length);
    const starts = `{${series.startMin.subarray(from, to).join(',')}}`;
    const whs = `{${series.wh.subarray(from, to).join(',')}}`;
    const cums = `{${cumulative.subarray(from, to).join(',')}}`;
    await db.execute(sql`
      INSERT INTO ${feedValues} (contract_id, start_min, wh, cum_wh, cum_n)
      SELECT ${contractId}, s, w, c, ${from} + ordinality::int
      FROM unnest(${starts}::int[], ${whs}::int[], ${cums}::bigint[]) WITH ORDINALITY AS t(s, w, c, ordinality)`);
  }
}

/** Seeds an empty database (no OAuth clients yet); returns whether it did. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const existing = await db.select({ clientId: oauthClients.clientId }).from(oauthClients).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(oauthClients).values(
      SEED_CLIENTS.map((client) => ({
        clientId: client.clientId,
        secretHash: sha256Hex(client.secret),
        allowedScopes: client.allowedScopes,
      })),
    );
    for (const producer of SEED_PRODUCERS) {
      await tx.insert(producers).values({ userId: producer.userId, name: producer.name });
      await tx.insert(producerContracts).values({
        contractId: producer.contract.contractId,
        userId: producer.userId,
        description: producer.contract.description,
        salespartner: SEED_SALESPARTNER,
      });
      await insertFeed(tx, producer.contract.contractId, generateFeedSeries(producer.contract.feed));
    }
  });
  return true;
}
