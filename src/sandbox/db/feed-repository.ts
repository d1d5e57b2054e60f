import { sql } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { queryRows, toNumber } from './connect.ts';
import { producerContractLookup } from './producers.ts';

export interface Totals {
  wh: number;
  n: number;
}

/**
 * One contract's feed-in values as running totals, in time order: value `i` starts at minute
 * `startMin[i]` and `cumWh[i]`/`cumN[i]` count every value up to and including it.
 */
export interface FeedTotals {
  readonly startMin: Int32Array;
  readonly cumWh: Float64Array;
  readonly cumN: Int32Array;
}

const EMPTY: FeedTotals = {
  startMin: new Int32Array(0),
  cumWh: new Float64Array(0),
  cumN: new Int32Array(0),
};

// 3 years of 15-minute values take ~1.7 MB; 16 contracts stay under 30 MB however many are asked for.
const CACHED_CONTRACTS = 16;

/** The number of values starting before the minute: binary search over the sorted start minutes. */
export function valuesBefore(totals: FeedTotals, minute: number): number {
  let low = 0;
  let high = totals.startMin.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (totals.startMin[middle]! < minute) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Running totals of all values starting before the instant (epoch ms). */
export function totalsBefore(totals: FeedTotals, instant: number): Totals {
  const count = valuesBefore(totals, Math.ceil(instant / 60_000));
  return count === 0 ? { wh: 0, n: 0 } : { wh: totals.cumWh[count - 1]!, n: totals.cumN[count - 1]! };
}

/** Parses `start,cum_wh,cum_n;start,cum_wh,cum_n;…` (the load query's one text value) into typed arrays. */
export function parseFeedTotals(text: string, rows: number): FeedTotals {
  const startMin = new Int32Array(rows);
  const cumWh = new Float64Array(rows);
  const cumN = new Int32Array(rows);
  let row = 0;
  let column = 0;
  let value = 0;
  let negative = false;
  // A hand-written scan: splitting 100,000 rows into strings first takes several times as long.
  for (let index = 0; index <= text.length; index++) {
    const code = index === text.length ? 59 : text.charCodeAt(index);
    if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else if (code === 45) negative = true;
    else {
      const signed = negative ? -value : value;
      if (column === 0) startMin[row] = signed;
      else if (column === 1) cumWh[row] = signed;
      else cumN[row] = signed;
      value = 0;
      negative = false;
      if (code === 44) column++;
      else {
        row++;
        column = 0;
      }
    }
  }
  return { startMin, cumWh, cumN };
}

/**
 * Feed-in reads. Feed values are written only by the seed (one transaction, before the first request
 * can see the contract), so each contract's running totals are loaded once into typed arrays with one
 * query and every read after that is a binary search. The database stays the source of truth; once feed
 * values become writable, this cache has to go or be invalidated on write (docs/decisions/0004-sandbox-feed-running-totals.md).
 */
export class FeedRepository {
  private readonly cache = new Map<string, Promise<FeedTotals>>();
  /** The producer contract the feed belongs to; remembered like the totals, for the same reason. */
  readonly findProducerContract: ReturnType<typeof producerContractLookup>;

  constructor(private readonly db: Database) {
    this.findProducerContract = producerContractLookup(db);
  }

  /** The contract's running totals, loaded on first use and kept for the most recently used contracts. */
  totals(contractId: string): Promise<FeedTotals> {
    let totals = this.cache.get(contractId);
    if (totals) {
      // Map keeps insertion order: re-inserting marks the contract as the most recently used.
      this.cache.delete(contractId);
    } else {
      totals = this.load(contractId);
      totals.catch(() => this.cache.delete(contractId));
    }
    this.cache.set(contractId, totals);
    if (this.cache.size > CACHED_CONTRACTS) this.cache.delete(this.cache.keys().next().value!);
    return totals;
  }

  private async load(contractId: string): Promise<FeedTotals> {
    // One text value instead of 100,000 rows: PGlite pays per returned row, pg per parsed field.
    const [row] = await queryRows<{ rows: number | string; totals: string | null }>(
      this.db,
      sql`
      SELECT count(*) AS rows,
             string_agg(start_min || ',' || cum_wh || ',' || cum_n, ';' ORDER BY start_min) AS totals
      FROM feed_values WHERE contract_id = ${contractId}`,
    );
    if (!row?.totals) return EMPTY;
    return parseFeedTotals(row.totals, toNumber(row.rows));
  }
}
