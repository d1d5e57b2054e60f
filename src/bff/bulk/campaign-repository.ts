import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type {
  BulkCampaign,
  BulkKind,
  BulkPriorRuns,
  BulkResultRows,
  BulkRowOutcome,
} from '../../contract/bulk.ts';
import type { BulkRowNotice } from '../../contract/bulk-row-notices.ts';
import type { BffDatabase } from '../db/connect.ts';
import { bulkCampaigns, bulkRows } from '../db/schema.ts';
import type { EarlierRow } from './row-outcome.ts';

export type BulkCampaignRow = typeof bulkCampaigns.$inferSelect;
export type BulkRow = typeof bulkRows.$inferSelect;
export type NewBulkRow = Omit<typeof bulkRows.$inferInsert, 'campaignId'>;

/** Rows listed on the page or in a check: enough for a screen, the download has every row. */
const LISTED_ROWS = 1000;
const LOOKUP_BATCH = 500;

/**
 * A row's status in the results: its outcome; for an open row `unknown` when an attempt may have booked
 * it (sent without an answer yet, or in flight), else `not_sent` (not yet, or never, once cancelled).
 */
export function resultStatus(
  row: Pick<BulkRow, 'status' | 'unanswered'>,
): BulkResultRows['rows'][number]['status'] {
  if (row.status !== 'pending' && row.status !== 'sending') return row.status;
  return row.unanswered || row.status === 'sending' ? 'unknown' : 'not_sent';
}

/** Rows that were sent and may be (or are) booked: what an `input_id` was sent with before. */
const sentBefore = or(
  inArray(bulkRows.status, ['created', 'unknown']),
  and(inArray(bulkRows.status, ['pending', 'sending']), eq(bulkRows.unanswered, true)),
);

/** A row as its runner claimed it: the claim is its own while the row is `sending` at that attempt. */
export type ClaimedRow = Pick<BulkRow, 'row' | 'attempts'>;

const stillClaimed = (campaignId: string, claim: ClaimedRow) =>
  and(
    eq(bulkRows.campaignId, campaignId),
    eq(bulkRows.row, claim.row),
    eq(bulkRows.status, 'sending'),
    eq(bulkRows.attempts, claim.attempts),
  );

/**
 * Rows per insert: on the embedded database, which runs in this thread, a statement of 100 rows holds it ~12 ms
 * (each statement starts on a turn of its own, so others' requests get in between).
 */
const INSERT_BATCH = 100;
const RATE_WINDOW_MS = 60_000;

/** Campaigns and their rows in the BFF's database: what every replica's runner and the console read. */
export class CampaignRepository {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number,
    /**
     * How long a row claimed by a runner is still in flight once its campaign stopped (paused, cancelled): the
     * runner's lease. Its answer is still coming, so it reads as remaining, not as "no answer" (issue 42: right
     * after "Pause" such rows read "maybe booked" and resolved 2 s later). 0: unknown at once.
     */
    private readonly inFlightMs = 0,
  ) {}

  /**
   * Stores a campaign and its rows; one at or above the approval threshold waits (`awaiting_approval`)
   * and `alongside` stores its approval in the same transaction, so neither exists without the other.
   */
  async create(
    campaign: Omit<BulkCampaignRow, 'status' | 'createdAt' | 'finishedAt'>,
    rows: NewBulkRow[],
    alongside?: (tx: BffDatabase) => Promise<unknown>,
  ) {
    await this.db.transaction(async (tx) => {
      await tx.insert(bulkCampaigns).values({
        ...campaign,
        status: campaign.approvalId ? 'awaiting_approval' : 'running',
        createdAt: new Date(this.now()),
      });
      await alongside?.(tx);
      for (let start = 0; start < rows.length; start += INSERT_BATCH)
        await tx
          .insert(bulkRows)
          .values(
            rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, campaignId: campaign.id })),
          );
    });
  }

  async find(id: string): Promise<BulkCampaignRow | null> {
    const [campaign] = await this.db.select().from(bulkCampaigns).where(eq(bulkCampaigns.id, id));
    return campaign ?? null;
  }

  /** Newest first; only `owner`'s when given. */
  async list(filter: { owner?: string; kind?: BulkKind }, limit = 100): Promise<BulkCampaign[]> {
    const campaigns = await this.db
      .select()
      .from(bulkCampaigns)
      .where(
        and(
          filter.owner ? eq(bulkCampaigns.owner, filter.owner) : undefined,
          filter.kind ? eq(bulkCampaigns.kind, filter.kind) : undefined,
        ),
      )
      .orderBy(desc(bulkCampaigns.createdAt))
      .limit(limit);
    return Promise.all(campaigns.map((campaign) => this.describe(campaign)));
  }

  /** The campaign as the console shows it: counts by outcome, rows left, and the recent rate. */
  async describe(campaign: BulkCampaignRow): Promise<BulkCampaign> {
    // Open rows an attempt may have booked count as unknown until the platform answers them.
    // So do rows in flight once the campaign has stopped (paused, cancelled) and their runner's lease is over:
    // their answer is not coming to anyone while no runner works on it — the results CSV says `unknown` too.
    const inFlightUnknown =
      campaign.status === 'running'
        ? sql`false`
        : sql`coalesce(${bulkRows.claimedAt} <= ${new Date(this.now() - this.inFlightMs)}, true)`;
    const state = sql<string>`case when (${bulkRows.status} = 'pending' and ${bulkRows.unanswered}) or (${bulkRows.status} = 'sending' and (${bulkRows.unanswered} or ${inFlightUnknown})) then 'unknown' else ${bulkRows.status} end`;
    const byStatus = await this.db
      .select({ status: state, rows: count() })
      .from(bulkRows)
      .where(eq(bulkRows.campaignId, campaign.id))
      // By position: the state's expression holds a parameter, which would not match a second copy of it.
      .groupBy(sql`1`);
    const counted = (status: string) => Number(byStatus.find((entry) => entry.status === status)?.rows ?? 0);
    // The rate over the last minute of work: up to now while it runs, up to its end once finished, and
    // never over more time than the campaign has had (a 3-row campaign done in a second ran at 3 rows/s).
    const windowEnd = campaign.finishedAt?.getTime() ?? this.now();
    const windowStart = Math.max(campaign.createdAt.getTime(), windowEnd - RATE_WINDOW_MS);
    const [recent] = await this.db
      .select({ rows: count() })
      .from(bulkRows)
      .where(and(eq(bulkRows.campaignId, campaign.id), gte(bulkRows.doneAt, new Date(windowStart))));
    const windowSeconds = Math.max(1, (windowEnd - windowStart) / 1000);
    const answered =
      counted('created') + counted('refused') + counted('skipped') + counted('conflict') + counted('failed');
    return {
      id: campaign.id,
      kind: campaign.kind,
      fileName: campaign.fileName,
      owner: campaign.owner,
      ownerDisplayName: campaign.ownerDisplayName,
      status: campaign.status,
      createdAt: campaign.createdAt.toISOString(),
      finishedAt: campaign.finishedAt?.toISOString() ?? null,
      total: campaign.total,
      pending: counted('pending') + counted('sending'),
      counts: {
        created: counted('created'),
        refused: counted('refused'),
        skipped: counted('skipped'),
        conflict: counted('conflict'),
        failed: counted('failed'),
        unknown: counted('unknown'),
        invalid: counted('invalid'),
        duplicate: counted('duplicate'),
      },
      ratePerSecond: answered && recent ? recent.rows / windowSeconds : null,
      approvalId: campaign.approvalId,
    };
  }

  /** Moves a campaign from one of `from` to `to`; false when it was in none of them. */
  async transition(
    id: string,
    from: BulkCampaignRow['status'][],
    to: BulkCampaignRow['status'],
  ): Promise<boolean> {
    const finished = to === 'cancelled' || to === 'done' ? new Date(this.now()) : null;
    const changed = await this.db
      .update(bulkCampaigns)
      .set({ status: to, finishedAt: finished })
      .where(and(eq(bulkCampaigns.id, id), inArray(bulkCampaigns.status, from)))
      .returning({ id: bulkCampaigns.id });
    return changed.length > 0;
  }

  /**
   * Claims the next row to send: a waiting row whose retry time has come, or one claimed longer than
   * `leaseMs` ago by a runner that is gone. One statement with SKIP LOCKED, so runners never share a row.
   */
  async claimRow(campaignId: string, leaseMs: number): Promise<BulkRow | null> {
    const now = new Date(this.now());
    const staleBefore = new Date(this.now() - leaseMs);
    const next = this.db
      .select({ row: bulkRows.row })
      .from(bulkRows)
      .where(
        and(
          eq(bulkRows.campaignId, campaignId),
          or(
            and(eq(bulkRows.status, 'pending'), or(isNull(bulkRows.retryAt), lte(bulkRows.retryAt, now))),
            and(eq(bulkRows.status, 'sending'), lt(bulkRows.claimedAt, staleBefore)),
          ),
        ),
      )
      .orderBy(asc(bulkRows.row))
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await this.db
      .update(bulkRows)
      .set({
        status: 'sending',
        claimedAt: now,
        attempts: sql`${bulkRows.attempts} + 1`,
        // A claim taken over from a runner that went silent: its attempt may have reached the platform.
        unanswered: sql`${bulkRows.unanswered} or ${bulkRows.status} = 'sending'`,
      })
      .where(and(eq(bulkRows.campaignId, campaignId), eq(bulkRows.row, sql`(${next})`)))
      .returning();
    return claimed ?? null;
  }

  /**
   * Settles a row — if the caller still holds its claim. A runner that went silent past the lease has
   * lost the row to another (`attempts` moved on); its late answer must not overwrite the other's.
   */
  async settle(
    campaignId: string,
    claim: ClaimedRow,
    settled: {
      outcome: BulkRowOutcome;
      message: string | null;
      notice?: BulkRowNotice | undefined;
      review?: boolean | undefined;
    },
  ): Promise<void> {
    const { outcome, message, notice = null, review = false } = settled;
    await this.db
      .update(bulkRows)
      .set({ status: outcome, message, notice, review, doneAt: new Date(this.now()), claimedAt: null })
      .where(stillClaimed(campaignId, claim));
  }

  /** Puts a row back to be sent again at `retry.at`, remembering whether an attempt may have arrived. */
  async retryLater(
    campaignId: string,
    claim: ClaimedRow,
    retry: { at: number; message: string; unanswered: boolean; failingSince: number },
  ): Promise<void> {
    await this.db
      .update(bulkRows)
      .set({
        status: 'pending',
        message: retry.message,
        retryAt: new Date(retry.at),
        claimedAt: null,
        unanswered: retry.unanswered,
        failingSince: new Date(retry.failingSince),
      })
      .where(stillClaimed(campaignId, claim));
  }

  /** Gives back a claimed row that was not sent (its attempt could not be audited first). */
  async unclaim(campaignId: string, claim: ClaimedRow): Promise<void> {
    await this.db
      .update(bulkRows)
      .set({ status: 'pending', claimedAt: null, attempts: sql`${bulkRows.attempts} - 1` })
      .where(stillClaimed(campaignId, claim));
  }

  /** Rows not answered yet (waiting, or in flight). */
  async remaining(campaignId: string): Promise<number> {
    const [left] = await this.db
      .select({ rows: count() })
      .from(bulkRows)
      .where(and(eq(bulkRows.campaignId, campaignId), inArray(bulkRows.status, ['pending', 'sending'])));
    return left?.rows ?? 0;
  }

  /** Campaigns some runner should be working on (after a restart, for instance). */
  async runningIds(): Promise<string[]> {
    const running = await this.db
      .select({ id: bulkCampaigns.id })
      .from(bulkCampaigns)
      .where(eq(bulkCampaigns.status, 'running'));
    return running.map((campaign) => campaign.id);
  }

  /** Every row in file order, for the results download. */
  async *rowsInOrder(campaignId: string, batch = 1000): AsyncGenerator<BulkRow[]> {
    for (let after = 0; ;) {
      const rows = await this.db
        .select()
        .from(bulkRows)
        .where(and(eq(bulkRows.campaignId, campaignId), sql`${bulkRows.row} > ${after}`))
        .orderBy(asc(bulkRows.row))
        .limit(batch);
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)!.row;
    }
  }

  /**
   * What the console sent before under a row's `input_id` on its contract (charges) or its user ID
   * (migrations), in another row: a booked row first, else one that may be booked (sent, no answer).
   */
  async earlierSent(kind: BulkKind, row: BulkRow): Promise<EarlierRow | null> {
    const [earlier] = await this.db
      .select({
        campaignId: bulkRows.campaignId,
        fileName: bulkCampaigns.fileName,
        row: bulkRows.row,
        body: bulkRows.body,
        userId: bulkRows.userId,
        contractId: bulkRows.contractId,
      })
      .from(bulkRows)
      .innerJoin(bulkCampaigns, eq(bulkCampaigns.id, bulkRows.campaignId))
      .where(
        and(
          eq(bulkCampaigns.kind, kind),
          kind === 'charges'
            ? and(
                eq(bulkRows.inputId, row.inputId ?? ''),
                eq(bulkRows.contractId, row.contractId ?? ''),
                eq(bulkRows.userId, row.userId),
              )
            : eq(bulkRows.userId, row.userId),
          or(ne(bulkRows.campaignId, row.campaignId), ne(bulkRows.row, row.row)),
          sentBefore,
        ),
      )
      .orderBy(sql`${bulkRows.status} = 'created' desc`, asc(bulkCampaigns.createdAt), asc(bulkRows.row))
      .limit(1);
    return earlier ?? null;
  }

  /**
   * Rows of a new file that earlier campaigns ran (by `input_id` and contract for charges, user ID for
   * migrations): for each, the latest earlier run — when, by whom, with what result.
   */
  async priorRuns(
    kind: BulkKind,
    rows: readonly { row: number; userId: string; contractId?: string | null; inputId?: string | null }[],
  ): Promise<BulkPriorRuns> {
    const keyOf = (entry: { userId: string; contractId?: string | null; inputId?: string | null }) =>
      kind === 'charges'
        ? JSON.stringify([entry.userId, entry.contractId ?? null, entry.inputId ?? null])
        : JSON.stringify([entry.userId]);
    const latest = new Map<string, BulkPriorRuns['rows'][number]>();
    for (let start = 0; start < rows.length; start += LOOKUP_BATCH) {
      const batch = rows.slice(start, start + LOOKUP_BATCH);
      const found = await this.db
        .select({ row: bulkRows, campaign: bulkCampaigns })
        .from(bulkRows)
        .innerJoin(bulkCampaigns, eq(bulkCampaigns.id, bulkRows.campaignId))
        .where(
          and(
            eq(bulkCampaigns.kind, kind),
            ne(bulkRows.status, 'invalid'),
            kind === 'charges'
              ? inArray(bulkRows.inputId, [...new Set(batch.map((entry) => entry.inputId ?? ''))])
              : inArray(bulkRows.userId, [...new Set(batch.map((entry) => entry.userId))]),
          ),
        )
        .orderBy(asc(bulkCampaigns.createdAt));
      for (const { row, campaign } of found)
        latest.set(keyOf(row), {
          row: 0,
          inputId: row.inputId,
          campaignId: campaign.id,
          fileName: campaign.fileName,
          owner: campaign.owner,
          ownerDisplayName: campaign.ownerDisplayName,
          createdAt: campaign.createdAt.toISOString(),
          status: resultStatus(row),
          message: row.message,
          notice: row.notice,
        });
    }
    const matched = rows.flatMap((entry) => {
      const run = latest.get(keyOf(entry));
      return run ? [{ ...run, row: entry.row }] : [];
    });
    return { rows: matched.slice(0, LISTED_ROWS), total: matched.length };
  }

  /** A page of a campaign's rows in file order, and how many it has (an approver reads them all, issue 42). */
  async rowsPage(
    campaignId: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: BulkRow[]; total: number }> {
    const [total] = await this.db
      .select({ rows: count() })
      .from(bulkRows)
      .where(eq(bulkRows.campaignId, campaignId));
    const rows = await this.db
      .select()
      .from(bulkRows)
      .where(eq(bulkRows.campaignId, campaignId))
      .orderBy(asc(bulkRows.row))
      .offset(offset)
      .limit(limit);
    return { rows, total: total?.rows ?? 0 };
  }

  /** Rows not created (skipped ones only when flagged for review), in file order, for the campaign page. */
  async rowsNotCreated(campaignId: string): Promise<BulkResultRows> {
    const where = and(
      eq(bulkRows.campaignId, campaignId),
      or(notInArray(bulkRows.status, ['created', 'skipped']), eq(bulkRows.review, true)),
    );
    const [total] = await this.db.select({ rows: count() }).from(bulkRows).where(where);
    const rows = await this.db
      .select()
      .from(bulkRows)
      .where(where)
      .orderBy(asc(bulkRows.row))
      .limit(LISTED_ROWS);
    return {
      rows: rows.map((row) => ({
        row: row.row,
        userId: row.userId,
        contractId: row.contractId,
        inputId: row.inputId,
        status: resultStatus(row),
        message: row.message,
        notice: row.notice,
        review: row.review,
      })),
      total: total?.rows ?? 0,
    };
  }
}
