import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { BulkCampaign, BulkKind, BulkRowOutcome } from '../../contract/bulk.ts';
import type { BffDatabase } from '../db/connect.ts';
import { bulkCampaigns, bulkRows } from '../db/schema.ts';

export type BulkCampaignRow = typeof bulkCampaigns.$inferSelect;
export type BulkRow = typeof bulkRows.$inferSelect;
export type NewBulkRow = Omit<typeof bulkRows.$inferInsert, 'campaignId' | 'status'>;

/** Rows per insert: building and running a statement of 250 rows keeps the event loop free for others. */
const INSERT_BATCH = 250;
const RATE_WINDOW_MS = 60_000;

/** Campaigns and their rows in the BFF's database: what every replica's runner and the console read. */
export class CampaignRepository {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number,
  ) {}

  async create(campaign: Omit<BulkCampaignRow, 'status' | 'createdAt' | 'finishedAt'>, rows: NewBulkRow[]) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(bulkCampaigns)
        .values({ ...campaign, status: 'running', createdAt: new Date(this.now()) });
      for (let start = 0; start < rows.length; start += INSERT_BATCH)
        await tx
          .insert(bulkRows)
          .values(
            rows
              .slice(start, start + INSERT_BATCH)
              .map((row) => ({ ...row, campaignId: campaign.id, status: 'pending' as const })),
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
    const state = sql<string>`case when ${bulkRows.status} in ('pending', 'sending') and ${bulkRows.unanswered} then 'unknown' else ${bulkRows.status} end`;
    const byStatus = await this.db
      .select({ status: state, rows: count() })
      .from(bulkRows)
      .where(eq(bulkRows.campaignId, campaign.id))
      .groupBy(state);
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
    const answered = counted('created') + counted('refused') + counted('skipped') + counted('failed');
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
        failed: counted('failed'),
        unknown: counted('unknown'),
      },
      ratePerSecond: answered && recent ? recent.rows / windowSeconds : null,
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

  async settle(
    campaignId: string,
    row: number,
    outcome: BulkRowOutcome,
    message: string | null,
  ): Promise<void> {
    await this.db
      .update(bulkRows)
      .set({ status: outcome, message, doneAt: new Date(this.now()), claimedAt: null })
      .where(and(eq(bulkRows.campaignId, campaignId), eq(bulkRows.row, row)));
  }

  /** Puts a row back to be sent again at `retry.at`, remembering whether an attempt may have arrived. */
  async retryLater(
    campaignId: string,
    row: number,
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
      .where(and(eq(bulkRows.campaignId, campaignId), eq(bulkRows.row, row)));
  }

  /** Gives back a claimed row that was not sent (its attempt could not be audited first). */
  async unclaim(campaignId: string, row: number): Promise<void> {
    await this.db
      .update(bulkRows)
      .set({ status: 'pending', claimedAt: null, attempts: sql`${bulkRows.attempts} - 1` })
      .where(and(eq(bulkRows.campaignId, campaignId), eq(bulkRows.row, row), eq(bulkRows.status, 'sending')));
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
}
