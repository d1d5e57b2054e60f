import { sql } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { queryRows, toNumber } from './connect.ts';

export interface RawValue {
  startMin: number;
  wh: number;
}

export interface Totals {
  wh: number;
  n: number;
}

const minuteCeil = (instantMs: number) => Math.ceil(instantMs / 60_000);

/**
 * Feed-in reads. Range sums never scan rows: each boundary is one backward index lookup of the running
 * totals (`cum_wh`, `cum_n`) before it, and a range is the difference of two boundaries.
 */
export class FeedRepository {
  private readonly extents = new Map<string, { first: number; last: number } | null>();

  constructor(private readonly db: Database) {}

  /** First and last value start (epoch ms) of a contract, or null without values. */
  async extent(contractId: string): Promise<{ first: number; last: number } | null> {
    if (this.extents.has(contractId)) return this.extents.get(contractId)!;
    const [row] = await queryRows<{ first: number | null; last: number | null }>(
      this.db,
      sql`SELECT min(start_min) AS first, max(start_min) AS last FROM feed_values WHERE contract_id = ${contractId}`,
    );
    const extent =
      row?.first == null ? null : { first: toNumber(row.first) * 60_000, last: toNumber(row.last) * 60_000 };
    this.extents.set(contractId, extent);
    return extent;
  }

  /** Running totals of all values starting before each boundary (epoch ms), in the boundaries' order. */
  async totalsBefore(contractId: string, boundaries: readonly number[]): Promise<Totals[]> {
    if (boundaries.length === 0) return [];
    const minutes = `{${boundaries.map(minuteCeil).join(',')}}`;
    const rows = await queryRows<{ cum_wh: string | number | null; cum_n: number | null }>(
      this.db,
      sql`
      SELECT v.cum_wh, v.cum_n
      FROM unnest(${minutes}::int[]) WITH ORDINALITY AS b(m, i)
      LEFT JOIN LATERAL (
        SELECT cum_wh, cum_n FROM feed_values
        WHERE contract_id = ${contractId} AND start_min < b.m
        ORDER BY start_min DESC LIMIT 1
      ) v ON true
      ORDER BY b.i`,
    );
    return rows.map((row) => ({
      wh: row.cum_wh == null ? 0 : toNumber(row.cum_wh),
      n: row.cum_n == null ? 0 : toNumber(row.cum_n),
    }));
  }

  /** Raw values starting in [from, to), in time order, one page. */
  async rawValues(
    contractId: string,
    from: number,
    to: number,
    offset: number,
    limit: number,
  ): Promise<RawValue[]> {
    const rows = await queryRows<{ start_min: number; wh: number }>(
      this.db,
      sql`
      SELECT start_min, wh FROM feed_values
      WHERE contract_id = ${contractId} AND start_min >= ${minuteCeil(from)} AND start_min < ${minuteCeil(to)}
      ORDER BY start_min LIMIT ${limit} OFFSET ${offset}`,
    );
    return rows.map((row) => ({ startMin: toNumber(row.start_min), wh: toNumber(row.wh) }));
  }
}
