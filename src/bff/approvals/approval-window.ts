import { sql } from 'drizzle-orm';
import type { WindowBooking } from '../../contract/approvals.ts';
import type { RefusalFigures } from '../../contract/bff-refusal-codes.ts';
import { isRecord } from '../../contract/is-record.ts';
import { formatCents } from '../../contract/euro-amount.ts';
import { queryRows } from '../../node-shared/db/connect.ts';
import type { BffDatabase } from '../db/connect.ts';

/** At most this many of the window's bookings are shown to an approver and named in a refusal (all are summed). */
const LISTED_BOOKINGS = 50;

declare module 'fastify' {
  interface FastifyInstance {
    /** The four-eyes threshold over time, shared by `/api`, bulk campaigns and approval requests. */
    approvalWindow: ApprovalWindow;
  }
}

export interface WindowTotal {
  /** The gross total of the contract's unapproved bookings in the window that may be booked. */
  sumCent: number;
  /** How many bookings (distinct `input_id`s) make it up. */
  count: number;
  /** The latest of them, newest first. */
  bookings: WindowBooking[];
}

/** A contract's key in `sums`. */
export const contractKey = (userId: string, contractId: string) => JSON.stringify([userId, contractId]);

/**
 * The records that count toward a window from `since`: sent without approval, and possibly booked — answered
 * 2xx, no answer (yet), or a server error other than 503 "not taken"; a refusal counts nothing.
 */
/** A booking's type as sent; null when the body does not say (it was refused before it was sent). */
function transactionType(sent: unknown): 'charge' | 'credit' | null {
  const type = isRecord(sent) ? sent.type_of_transaction : null;
  return type === 'charge' || type === 'credit' ? type : null;
}

const counted = (since: Date) => sql`unapproved_gross_cent is not null
  and recorded_at >= ${since.toISOString()}::timestamptz
  and (upstream_status is null
    or upstream_status between 200 and 299
    or (upstream_status >= 500 and upstream_status <> 503)
    or confirmed_by_retry)`;

export type Admission<T> = { admitted: true; value: T } | { admitted: false; window: WindowTotal };

export interface ApprovalWindowOptions {
  /** BFF_APPROVAL_FROM_CENT; null: approvals are off. */
  approvalFromCent: number | null;
  /** BFF_APPROVAL_WINDOW_H in milliseconds; 0: each write is judged alone. */
  windowMs: number;
  now: () => number;
}

/**
 * The four-eyes threshold over time (issue 41): a charge or credit sent without approval is judged together
 * with the same contract's bookings sent without approval in the last `BFF_APPROVAL_WINDOW_H`, so splitting
 * a sum into bookings below the threshold does not get it past the second person.
 *
 * The sum is read from the console's records (`unapproved_gross_cent`, set only on writes sent without
 * approval), counting what may be booked: answered 2xx, no answer yet or none at all, or a server error. A
 * refusal (4xx, a 503 "not taken") counts nothing. An `input_id` sent several times counts once.
 *
 * Judging and recording happen in one transaction under a per-contract advisory lock, so two writes on one
 * contract, on any replica, are judged one after the other: the second sees the first's record.
 */
export class ApprovalWindow {
  constructor(
    private readonly db: BffDatabase,
    private readonly options: ApprovalWindowOptions,
  ) {}

  /** BFF_APPROVAL_WINDOW_H, for what the console says. */
  get windowHours(): number {
    return Math.round(this.options.windowMs / 3_600_000);
  }

  /** Whether writes are summed at all (approvals on, and a window). */
  get summing(): boolean {
    return this.options.approvalFromCent !== null && this.options.windowMs > 0;
  }

  /**
   * Why a write below the threshold alone needs a second person: what it books, the window's bookings and their
   * sum, the threshold (in English, as the BFF's other refusals; the console says it in the user's language).
   */
  reachedWords(ownGrossCent: number, window: WindowTotal): string {
    const bookings = `${window.count} booking${window.count === 1 ? '' : 's'}`;
    return `This books ${formatCents(ownGrossCent, 'en')} gross; with the ${bookings} on this contract sent without approval in the last ${this.windowHours} hours (${formatCents(window.sumCent, 'en')}) it reaches ${formatCents(ownGrossCent + window.sumCent, 'en')}: from ${formatCents(this.options.approvalFromCent ?? 0, 'en')} on, a second person approves it.`;
  }

  /** The figures of `reachedWords`, for the console to word them in its language. */
  figures(ownGrossCent: number, window: WindowTotal): RefusalFigures {
    return {
      total_gross_cent: ownGrossCent,
      window_sum_cent: window.sumCent,
      window_hours: this.windowHours,
      threshold_cent: this.options.approvalFromCent ?? 0,
    };
  }

  /** Whether a write of this gross total, with the window's total, needs a second person. */
  reaches(ownGrossCent: number, window: WindowTotal): boolean {
    const from = this.options.approvalFromCent;
    return from !== null && ownGrossCent + window.sumCent >= from;
  }

  /**
   * The contract's unapproved bookings in the window (nothing when not summing); the write's own `input_id`
   * is left out (an attempt of the same booking sent again is not a second booking).
   */
  async total(
    userId: string,
    contractId: string,
    exceptInputId: string | null = null,
    db: BffDatabase = this.db,
  ): Promise<WindowTotal> {
    if (!this.summing) return { sumCent: 0, count: 0, bookings: [] };
    const since = new Date(this.options.now() - this.options.windowMs);
    // One row per input_id (a write sent again is one booking), its largest total and latest attempt.
    const rows = await queryRows<{
      input_id: string | null;
      gross_cent: string | number;
      recorded_at: Date | string;
      recorded_by: string;
      source: string;
      upstream_status: number | null;
      sent: unknown;
      total_cent: string | number;
      total_count: string | number;
    }>(
      db,
      sql`
      with counted as (
        select distinct on (coalesce(input_id, id::text))
          input_id, unapproved_gross_cent as gross_cent, recorded_at, recorded_by, source, upstream_status, sent
        from records
        where operation = 'charges'
          and user_id = ${userId}
          and contract_id = ${contractId}
          and input_id is distinct from ${exceptInputId}
          and ${counted(since)}
        order by coalesce(input_id, id::text), unapproved_gross_cent desc, recorded_at desc
      )
      select counted.*, sum(gross_cent) over () as total_cent, count(*) over () as total_count
      from counted
      order by recorded_at desc
      limit ${LISTED_BOOKINGS}`,
    );
    const first = rows[0];
    return {
      sumCent: first ? Number(first.total_cent) : 0,
      count: first ? Number(first.total_count) : 0,
      bookings: rows.map((row) => ({
        input_id: row.input_id,
        gross_cent: Number(row.gross_cent),
        recorded_at: new Date(row.recorded_at).toISOString(),
        recorded_by: row.recorded_by,
        source: row.source,
        upstream_status: row.upstream_status,
        // Read here, not with `->>` in SQL: a body may hold an escaped NUL, which PostgreSQL refuses as text.
        type_of_transaction: transactionType(row.sent),
      })),
    };
  }

  /**
   * The window's sum of each of many contracts (a bulk campaign's), in one statement; a contract with none is
   * left out.
   */
  async sums(contracts: readonly { userId: string; contractId: string }[]): Promise<Map<string, number>> {
    const sums = new Map<string, number>();
    if (!this.summing || contracts.length === 0) return sums;
    const since = new Date(this.options.now() - this.options.windowMs);
    const rows = await queryRows<{ user_id: string; contract_id: string; sum_cent: string | number }>(
      this.db,
      sql`
      with wanted as (
        -- One parameter, however many contracts (a statement has at most 65,535).
        select * from json_to_recordset(${JSON.stringify(
          contracts.map((contract) => ({ user_id: contract.userId, contract_id: contract.contractId })),
        )}::json) as wanted(user_id text, contract_id text)
      ), counted as (
        select distinct on (records.user_id, records.contract_id, coalesce(input_id, id::text))
          records.user_id, records.contract_id, unapproved_gross_cent
        from records join wanted using (user_id, contract_id)
        where operation = 'charges' and ${counted(since)}
        order by records.user_id, records.contract_id, coalesce(input_id, id::text), unapproved_gross_cent desc
      )
      select user_id, contract_id, sum(unapproved_gross_cent) as sum_cent from counted group by user_id, contract_id`,
    );
    for (const row of rows) sums.set(contractKey(row.user_id, row.contract_id), Number(row.sum_cent));
    return sums;
  }

  /**
   * Runs `record` (the write's record, made before it is sent) only when the write's gross total with the
   * window's stays below the threshold; else nothing is recorded and the window's total says why. Without a
   * window the write is recorded as it is (its own total was judged by the caller).
   */
  async admit<T>(
    contract: { userId: string; contractId: string; inputId: string | null },
    ownGrossCent: number,
    record: (db: BffDatabase) => Promise<T>,
  ): Promise<Admission<T>> {
    if (!this.summing) return { admitted: true, value: await record(this.db) };
    return this.db.transaction(async (tx) => {
      // Held until the transaction ends: the record is visible to the next writer on this contract when it
      // gets the lock. hashtextextended: a 64-bit key from the contract's IDs, the same on every replica.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`approval-window:${contract.userId}:${contract.contractId}`}, 0))`,
      );
      const window = await this.total(contract.userId, contract.contractId, contract.inputId, tx);
      if (this.reaches(ownGrossCent, window)) return { admitted: false as const, window };
      return { admitted: true as const, value: await record(tx) };
    });
  }
}
