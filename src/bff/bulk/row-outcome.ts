import { differingFields, type BulkKind, type BulkRowOutcome } from '../../contract/bulk.ts';
import { withNoticeText, type BulkRowNotice } from '../../contract/bulk-row-notices.ts';
import type { PlatformAnswer } from '../platform/platform-client.ts';
import { isAlreadyDone, platformMessage } from '../platform/platform-answer.ts';

/** How long and how often a row without a final answer is sent again. */
export interface RetryPolicy {
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** From a row's first attempt without a final answer: after this, it is settled as `unknown` or `failed`. */
  retryWindowMs: number;
}

/**
 * Retries back off to once a minute and go on for two hours: an outage of an hour (a platform
 * maintenance window) ends with every row answered by the platform itself.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  backoffBaseMs: 1000,
  backoffMaxMs: 60_000,
  retryWindowMs: 2 * 60 * 60_000,
};

/** What the runner knows of a row when its attempt is answered (or not). */
export interface AttemptedRow {
  /** Attempts so far, this one included. */
  attempts: number;
  unanswered: boolean;
  failingSince: Date | null;
}

export type RowStep =
  | {
      kind: 'settle';
      outcome: BulkRowOutcome;
      /** The platform's own words, or the notice's English (bulkRowNoticeText). */
      message: string | null;
      /** What the console itself says about the row, by code (the console words it in the UI language). */
      notice?: BulkRowNotice;
      review?: boolean;
    }
  /** The platform says the `input_id` (user ID) exists: settled by what the console sent before (settleExisting). */
  | { kind: 'exists'; message: string }
  | { kind: 'retry'; at: number; message: string; unanswered: boolean; failingSince: number };

/**
 * Statuses that say the platform did not take the request now. Not 502: a gateway answers it also when
 * the platform dropped the connection after committing, so a 502 may have booked (as the forms hold too).
 */
const NOT_TAKEN = new Set([401, 408, 425, 429, 503]);

/** A final state with what the console says about it (its English in `message`). */
function settleWith(outcome: BulkRowOutcome, notice: BulkRowNotice): Extract<RowStep, { kind: 'settle' }> {
  return { kind: 'settle', outcome, ...withNoticeText(notice) };
}

/**
 * The next step for a row after an attempt. Only the platform's own answer makes a row final: an
 * attempt that got no answer (a timeout after sending, a connection lost mid-way) or a 500/504 may have
 * booked it, so the row stays open and is sent again with the same `input_id`/user ID, whose duplicate
 * answer then confirms the booking. A row still without an answer when the retry window is over is
 * `unknown` if any attempt may have reached the platform, `failed` if none can have.
 */
export function nextStep(
  kind: BulkKind,
  row: AttemptedRow,
  answer: PlatformAnswer,
  now: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): RowStep {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'settle', outcome: 'created', message: null };
  if (status >= 400 && status < 500 && !NOT_TAKEN.has(status)) {
    if (isAlreadyDone(kind, answer))
      return row.unanswered
        ? settleWith('created', { code: 'booked_by_lost_attempt', platform: platformMessage(answer.body) })
        : { kind: 'exists', message: platformMessage(answer.body) };
    return { kind: 'settle', outcome: 'refused', message: platformMessage(answer.body) };
  }
  const mayHaveArrived = status === 0 ? answer.mayHaveArrived : !NOT_TAKEN.has(status);
  const unanswered = row.unanswered || mayHaveArrived;
  const failingSince = row.failingSince?.getTime() ?? now;
  const message = platformMessage(answer.body);
  if (now - failingSince >= policy.retryWindowMs) {
    const since = new Date(failingSince).toISOString();
    return unanswered
      ? settleWith('unknown', { code: 'no_answer', since, attempts: row.attempts, last: message })
      : settleWith('failed', { code: 'not_booked', last: message, attempts: row.attempts, since });
  }
  const delay = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.max(0, row.attempts - 1));
  return { kind: 'retry', at: now + delay, message, unanswered, failingSince };
}

/** A row the console sent before under the same `input_id` on the contract (charges) or user ID (migrations). */
export interface EarlierRow {
  campaignId: string;
  fileName: string;
  row: number;
  body: Record<string, unknown>;
  userId: string;
  contractId: string | null;
}

/**
 * The platform says the row's `input_id` (or user ID) exists and no attempt of this row can have booked
 * it: compared with what the console sent under it before — the same content is `skipped` (booked
 * already), other content a `conflict` naming the fields that differ, and nothing sent by the console
 * `skipped` too but flagged for review (someone booked it elsewhere).
 */
export function settleExisting(
  row: { body: Record<string, unknown>; userId: string; contractId: string | null },
  earlier: EarlierRow | null,
  platform: string,
): Extract<RowStep, { kind: 'settle' }> {
  if (!earlier)
    return { ...settleWith('skipped', { code: 'exists_not_by_console', platform }), review: true };
  const fields = differingFields(
    { ...earlier.body, user_id: earlier.userId, contract_id: earlier.contractId },
    { ...row.body, user_id: row.userId, contract_id: row.contractId },
  );
  const by = { fileName: earlier.fileName, campaign: earlier.campaignId.slice(0, 8), row: earlier.row };
  return fields.length
    ? settleWith('conflict', { code: 'booked_with_other_values', fields, by })
    : settleWith('skipped', { code: 'already_booked', by });
}
