import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ApprovalOutcome, ApprovalStatus } from '../../contract/approvals.ts';
import { isUniqueViolation, retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { approvalDecisionsSeen, approvals } from '../db/schema.ts';
import { approvalStatusAt, expiredAt, staleSince } from './approval-status-now.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
export type NewApproval = Omit<
  typeof approvals.$inferInsert,
  | 'status'
  | 'requestedAt'
  | 'expiresAt'
  | 'decidedBy'
  | 'decidedByDisplayName'
  | 'decidedAt'
  | 'signature'
  | 'reason'
  | 'upstreamStatus'
  | 'upstreamBody'
  | 'outcome'
  | 'sentAt'
  | 'attempts'
>;

/** A pending request for the same contract and `input_id` exists: editing means withdrawing it first. */
export class PendingDuplicateError extends Error {
  constructor(readonly existingId: string | null) {
    super('a pending approval for this contract and input_id exists');
    this.name = 'PendingDuplicateError';
  }
}

/** Who decides: the session's username and the provider's display name (null for local accounts). */
export interface Decider {
  username: string;
  displayName: string | null;
}

/** The claim a forward holds: the row is `sending` at this attempt (a retry elsewhere moves it on). */
export type ForwardClaim = Pick<ApprovalRow, 'id' | 'attempts'>;

/**
 * Approvals in the BFF's database, shared by every replica. Each decision is one guarded UPDATE: the row
 * moves only from the state the rule allows, so two approvers at once (two replicas) get one winner and
 * the other finds nothing to update (a 409), and requester ≠ approver is part of that same statement.
 *
 * Reads never write: a pending request past its expiry reads as `expired` and a forward past its lease as
 * `unknown` (see approval-status-now.ts); only the sweep (every minute) and the write paths store that, and every
 * write checks the time itself.
 */
export class ApprovalRepository {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number,
    private readonly ttlMs: number,
    /** How long a forward may stay `sending` (forward-lease.ts). */
    private readonly leaseMs: number,
  ) {}

  /** Status and decision time as they are now, with the columns they read as. */
  private statusNow() {
    const at = new Date(this.now());
    const now = approvalStatusAt(at, new Date(at.getTime() - this.leaseMs));
    return {
      ...now,
      columns: { ...getTableColumns(approvals), status: now.status, decidedAt: now.decidedAt },
    };
  }

  /** Stores a new pending request (`db`: a transaction that stores what it belongs to, such as its campaign). */
  async create(approval: NewApproval, db: BffDatabase = this.db): Promise<ApprovalRow> {
    const requestedAt = new Date(this.now());
    // A request that ran out unswept must not hold its input_id: expiring it is this write's to do.
    if (approval.kind === 'charge' && approval.contractId && approval.inputId)
      await db
        .update(approvals)
        .set({ status: 'expired', decidedAt: sql`${approvals.expiresAt}` })
        .where(
          and(
            expiredAt(requestedAt),
            eq(approvals.kind, 'charge'),
            eq(approvals.userId, approval.userId),
            eq(approvals.contractId, approval.contractId),
            eq(approvals.inputId, approval.inputId),
          ),
        );
    try {
      const [row] = await db
        .insert(approvals)
        .values({
          ...approval,
          status: 'pending',
          requestedAt,
          expiresAt: new Date(requestedAt.getTime() + this.ttlMs),
        })
        .returning();
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [existing] = await this.db
        .select({ id: approvals.id })
        .from(approvals)
        .where(
          and(
            eq(approvals.status, 'pending'),
            eq(approvals.kind, 'charge'),
            eq(approvals.userId, approval.userId),
            eq(approvals.contractId, approval.contractId ?? ''),
            eq(approvals.inputId, approval.inputId ?? ''),
          ),
        );
      throw new PendingDuplicateError(existing?.id ?? null);
    }
  }

  async find(id: string): Promise<ApprovalRow | null> {
    const [row] = await this.db.select(this.statusNow().columns).from(approvals).where(eq(approvals.id, id));
    return row ?? null;
  }

  /** Newest first (`decidedOnly`: newest decision first, decided ones only); `count` matches the filter. */
  async page(
    filter: { status?: ApprovalStatus | undefined; requestedBy?: string | undefined; decidedOnly?: boolean },
    limit: number,
    offset: number,
  ): Promise<{ count: number; results: ApprovalRow[] }> {
    const now = this.statusNow();
    const where = and(
      filter.status ? eq(now.status, filter.status) : undefined,
      filter.requestedBy ? eq(approvals.requestedBy, filter.requestedBy) : undefined,
      filter.decidedOnly ? now.decided : undefined,
    );
    const [total] = await this.db.select({ rows: count() }).from(approvals).where(where);
    const results = await this.db
      .select(now.columns)
      .from(approvals)
      .where(where)
      .orderBy(
        ...(filter.decidedOnly ? [desc(now.decidedAt)] : []),
        desc(approvals.requestedAt),
        desc(approvals.id),
      )
      .limit(limit)
      .offset(offset);
    return { count: Number(total?.rows ?? 0), results };
  }

  /**
   * The requester's requests decided by someone else or by the clock (their own withdrawals are no news to
   * them) since they last looked, and when that was.
   */
  async decisionsFor(username: string): Promise<{ unseen: number; seenAt: Date | null }> {
    const [seen] = await this.db
      .select({ seenAt: approvalDecisionsSeen.seenAt })
      .from(approvalDecisionsSeen)
      .where(eq(approvalDecisionsSeen.username, username));
    const seenAt = seen?.seenAt ?? null;
    const now = this.statusNow();
    const [total] = await this.db
      .select({ rows: count() })
      .from(approvals)
      .where(
        and(
          eq(approvals.requestedBy, username),
          now.decided,
          or(isNull(approvals.decidedBy), ne(approvals.decidedBy, username)),
          seenAt ? gt(now.decidedAt, seenAt) : undefined,
        ),
      );
    return { unseen: Number(total?.rows ?? 0), seenAt };
  }

  /** The requester looked at their decided requests now; answers when they had looked before. */
  async sawDecisions(username: string): Promise<{ seenAt: Date; previouslySeenAt: Date | null }> {
    const seenAt = new Date(this.now());
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ seenAt: approvalDecisionsSeen.seenAt })
        .from(approvalDecisionsSeen)
        .where(eq(approvalDecisionsSeen.username, username))
        .for('update');
      await tx
        .insert(approvalDecisionsSeen)
        .values({ username, seenAt })
        .onConflictDoUpdate({ target: approvalDecisionsSeen.username, set: { seenAt } });
      return { seenAt, previouslySeenAt: before?.seenAt ?? null };
    });
  }

  /**
   * The sweep: pending requests past their time become `expired`, decided at their expiry (what reads showed
   * already); answers those that did (a bulk one cancels its campaign).
   */
  async expireDue(): Promise<ApprovalRow[]> {
    return this.db
      .update(approvals)
      .set({ status: 'expired', decidedAt: sql`${approvals.expiresAt}` })
      .where(expiredAt(new Date(this.now())))
      .returning();
  }

  /**
   * Marks a pending, unexpired request approved by `approver` — never by its requester — in one
   * statement; a charge becomes `sending` (its forward holds the claim), a bulk campaign `approved`.
   * Null when it was not pending any more, expired, or the approver is the requester.
   */
  async approve(
    id: string,
    approver: Decider,
    decidedAt: Date,
    signature: string,
    to: 'sending' | 'approved',
  ): Promise<ApprovalRow | null> {
    return this.decideOnce(id, approver, decidedAt, to, async () => {
      const [row] = await this.db
        .update(approvals)
        .set({
          status: to,
          decidedBy: approver.username,
          decidedByDisplayName: approver.displayName,
          decidedAt,
          signature,
          ...(to === 'sending' && { sentAt: decidedAt, attempts: sql`${approvals.attempts} + 1` }),
        })
        .where(
          and(
            eq(approvals.id, id),
            eq(approvals.status, 'pending'),
            ne(approvals.requestedBy, approver.username),
            gt(approvals.expiresAt, decidedAt),
          ),
        )
        .returning();
      return row ?? null;
    });
  }

  /**
   * Runs a decision (one conditional UPDATE from `pending`) and sends it again on a new connection when
   * the first was lost under it (a database restart). The decision may have been stored with its answer
   * lost: the stored row is then this decision's own (same decider, same moment), not someone else's.
   */
  private async decideOnce(
    id: string,
    by: Decider,
    decidedAt: Date,
    to: ApprovalStatus,
    decide: () => Promise<ApprovalRow | null>,
  ): Promise<ApprovalRow | null> {
    let tries = 0;
    return retryOnConnectionLoss(async () => {
      const retried = ++tries > 1;
      const decided = await decide();
      if (decided || !retried) return decided;
      const stored = await this.find(id);
      const own =
        stored?.status === to &&
        stored.decidedBy === by.username &&
        stored.decidedAt?.getTime() === decidedAt.getTime();
      return own ? stored : null;
    });
  }

  /**
   * Claims an approved request whose forward got no answer (`unknown`, or `sending` longer than
   * `staleBefore` allows: its process died) to send the same bytes again. Null when there is none.
   */
  async claimRetry(id: string, staleBefore: Date): Promise<ApprovalRow | null> {
    const [row] = await this.db
      .update(approvals)
      .set({ status: 'sending', sentAt: new Date(this.now()), attempts: sql`${approvals.attempts} + 1` })
      .where(
        and(
          eq(approvals.id, id),
          eq(approvals.kind, 'charge'),
          or(eq(approvals.status, 'unknown'), staleSince(staleBefore)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Records what the platform answered to the claimed attempt (a later claim's answer is not overwritten). */
  async recordAnswer(
    claim: ForwardClaim,
    answer: {
      status: 'approved' | 'unknown';
      upstreamStatus: number | null;
      upstreamBody: unknown;
      outcome: ApprovalOutcome | null;
    },
  ): Promise<ApprovalRow | null> {
    const [row] = await this.db
      .update(approvals)
      .set({
        status: answer.status,
        upstreamStatus: answer.upstreamStatus,
        upstreamBody: answer.upstreamBody,
        outcome: answer.outcome,
      })
      .where(
        and(
          eq(approvals.id, claim.id),
          eq(approvals.status, 'sending'),
          eq(approvals.attempts, claim.attempts),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Rejects (by someone other than the requester) or withdraws (by the requester) a pending, unexpired
   * request, in one statement. Null when it was not pending, expired, or the person may not.
   */
  async close(
    id: string,
    to: 'rejected' | 'withdrawn',
    by: Decider,
    reason: string | null,
  ): Promise<ApprovalRow | null> {
    const who: SQL =
      to === 'rejected' ? ne(approvals.requestedBy, by.username) : eq(approvals.requestedBy, by.username);
    const decidedAt = new Date(this.now());
    return this.decideOnce(id, by, decidedAt, to, async () => {
      const [row] = await this.db
        .update(approvals)
        .set({ status: to, decidedBy: by.username, decidedByDisplayName: by.displayName, decidedAt, reason })
        .where(
          and(eq(approvals.id, id), eq(approvals.status, 'pending'), gt(approvals.expiresAt, decidedAt), who),
        )
        .returning();
      return row ?? null;
    });
  }

  /**
   * An approval of this charge (user, contract, `input_id`) still open — pending, being sent, or sent
   * without an answer — so a direct booking under the same `input_id` must wait for it.
   */
  async openFor(userId: string, contractId: string, inputId: string): Promise<ApprovalRow | null> {
    const now = this.statusNow();
    const [row] = await this.db
      .select(now.columns)
      .from(approvals)
      .where(
        and(
          eq(approvals.inputId, inputId),
          eq(approvals.userId, userId),
          eq(approvals.contractId, contractId),
          eq(approvals.kind, 'charge'),
          inArray(now.status, ['pending', 'sending', 'unknown']),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** The sweep: forwards past their lease that never recorded an answer (their process died) become unknown. */
  async markStaleUnknown(): Promise<number> {
    const rows = await this.db
      .update(approvals)
      .set({ status: 'unknown' })
      .where(staleSince(new Date(this.now() - this.leaseMs)))
      .returning({ id: approvals.id });
    return rows.length;
  }

  /** What became of an approved bulk campaign (`booked`: started; `refused`: not started, and why). */
  async recordCampaignOutcome(id: string, outcome: ApprovalOutcome, detail: string | null) {
    const [row] = await this.db
      .update(approvals)
      .set({ outcome, upstreamBody: detail === null ? null : { detail } })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'approved'), isNull(approvals.outcome)))
      .returning();
    return row ?? null;
  }

  /** Approved bulk campaigns whose start was not recorded (the connection or the process went in between). */
  async unstartedCampaignApprovals(): Promise<ApprovalRow[]> {
    return this.db
      .select()
      .from(approvals)
      .where(
        and(eq(approvals.kind, 'bulk_charges'), eq(approvals.status, 'approved'), isNull(approvals.outcome)),
      );
  }
}
