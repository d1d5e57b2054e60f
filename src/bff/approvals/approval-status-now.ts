import { and, eq, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus } from '../../contract/approvals.ts';
import { approvals } from '../db/schema.ts';

/** A pending request whose time ran out at `at`: it reads as `expired` (the sweep stores that, every minute). */
export const expiredAt = (at: Date): SQL =>
  and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, at))!;

/** A forward that began before `staleBefore` and never recorded an answer: its process died, it is `unknown`. */
export const staleSince = (staleBefore: Date): SQL =>
  and(eq(approvals.status, 'sending'), lt(approvals.sentAt, staleBefore))!;

/**
 * An approval's status and decision time as they are at `at`, derived when reading so that reads never write:
 * the same values the sweep (`expireDue`, `markStaleUnknown`) stores later. An expired request was decided by
 * the clock at its expiry time, the moment the sweep stores too.
 */
export function approvalStatusAt(at: Date, staleBefore: Date) {
  const expired = expiredAt(at);
  const status = sql<ApprovalStatus>`(case when ${expired} then 'expired' when ${staleSince(staleBefore)} then 'unknown' else ${approvals.status} end)`;
  const decidedAt =
    sql<Date | null>`(case when ${expired} then ${approvals.expiresAt} else ${approvals.decidedAt} end)`.mapWith(
      approvals.decidedAt,
    );
  /** Decided once it has left `pending` and `sending` and has a decision time. */
  const decided: SQL = sql`${notInArray(status, ['pending', 'sending'])} and ${decidedAt} is not null`;
  return { status, decidedAt, decided };
}
