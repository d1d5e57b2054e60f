import { z } from 'zod/mini';
import { pageSchema } from './api/common.ts';
import { bulkRowNoticeSchema } from './bulk-row-notices.ts';
import { chargeRequestSchema, transactionTypeSchema, type ChargeRequest } from './api/charges.ts';
import {
  chargeSchedule,
  sumChargeTotals,
  type ChargeExecution,
  type ChargeTotal,
} from './charge-schedule.ts';

/*
 * Four-eyes approval for money (issue 28, product.md "Approvals"): a charges-and-credits write, or a bulk
 * charges campaign, whose gross total is at or above `BFF_APPROVAL_FROM_CENT` is booked only once a second
 * person has approved exactly what will be sent.
 */

/** `BFF_APPROVAL_FROM_CENT`'s default: 1,000.00 € gross over all executions. */
export const DEFAULT_APPROVAL_FROM_CENT = 100_000;
/** `BFF_APPROVAL_TTL_H`'s default: a pending request expires after three days. */
export const DEFAULT_APPROVAL_TTL_HOURS = 72;
/**
 * `BFF_APPROVAL_WINDOW_H`'s default: a write sent without approval is judged together with the same contract's
 * unapproved bookings of the last 30 days; 0 judges each write alone.
 */
export const DEFAULT_APPROVAL_WINDOW_HOURS = 720;
/** An SSO approver must have signed in at the provider this recently (OIDC `max_age`). */
export const STEP_UP_MAX_AGE_SECONDS = 300;

/**
 * The step-up's field errors (`400 {password: [message]}`, a shape pinned without a code): the console
 * words them by these very constants, so rewording one here rewords both sides.
 */
export const STEP_UP_PASSWORD_MESSAGES = {
  missing: 'Enter your password to approve.',
  wrong: 'This is not your password.',
} as const;

/** The one operation that moves money on its own: `POST …/charges_and_credits/`. */
export const APPROVAL_OPERATION_ID = 'producers_contracts_charges_and_credits_create';

/**
 * - `pending`: waiting for a second person;
 * - `sending`: approved, being forwarded to the platform right now;
 * - `approved`: approved and answered by the platform (booked, or refused: see `outcome`); a bulk
 *   campaign: approved and started;
 * - `unknown`: approved and sent, but no answer came (502/504, a lost connection, a process that died):
 *   it may be booked; sending it again is safe (same `input_id`);
 * - `rejected` by a second person, `withdrawn` by the requester, `expired` after `BFF_APPROVAL_TTL_H`.
 */
export const APPROVAL_STATUSES = [
  'pending',
  'sending',
  'approved',
  'unknown',
  'rejected',
  'withdrawn',
  'expired',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** `charge`: one charges-and-credits request; `bulk_charges`: a bulk charges campaign waiting to start. */
export const APPROVAL_KINDS = ['charge', 'bulk_charges'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** What came of an approved charge at the platform: booked (2xx, or its duplicate answer on a retry), refused (4xx). */
export const APPROVAL_OUTCOMES = ['booked', 'refused'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

/** The gross total of a charge or credit over all its executions: what the threshold is compared with. */
export function chargeGrossTotalCent(executions: readonly ChargeExecution[]): number {
  return executions.reduce((sum, execution) => sum + execution.grossCent, 0);
}

/** Whether a gross total needs a second person; `approvalFromCent` null: approvals are off. */
export function needsApproval(totalGrossCent: number, approvalFromCent: number | null): boolean {
  return approvalFromCent !== null && totalGrossCent >= approvalFromCent;
}

/** A charge request's schedule and gross total, or null when the body is no valid charge request. */
export function chargeRequestTotals(body: unknown): {
  charge: ChargeRequest;
  schedule: ChargeExecution[];
  totals: ChargeTotal[];
  totalGrossCent: number;
} | null {
  const parsed = chargeRequestSchema.safeParse(body);
  if (!parsed.success) return null;
  const schedule = chargeSchedule(parsed.data);
  return {
    charge: parsed.data,
    schedule,
    totals: sumChargeTotals([{ type: parsed.data.type_of_transaction, executions: schedule }]),
    totalGrossCent: chargeGrossTotalCent(schedule),
  };
}

/** `POST /bff/approvals`: the write as it would go to `/api` (path without `/api`), to be approved. */
export const approvalRequestSchema = z.object({
  method: z.literal('POST', { message: 'Only writes (POST) need an approval.' }),
  path: z.string().check(
    z.minLength(1),
    z.maxLength(500),
    z.regex(/^\/v3\//, {
      message:
        'Give the path as under /api, such as /v3/producers/P1000/contracts/C1000/charges_and_credits/.',
    }),
  ),
  body: z.record(z.string(), z.unknown(), { message: 'Give the request body as a JSON object.' }),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** `POST /bff/approvals/{id}/approve`: a local account re-enters its password; `digest` is what the approver saw. */
export const approveRequestSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(1024))),
  digest: z.optional(
    z.string().check(z.regex(/^[0-9a-f]{64}$/, { message: 'The digest is 64 hexadecimal characters.' })),
  ),
});
export type ApproveRequest = z.infer<typeof approveRequestSchema>;

/** The longest reason a rejection keeps: the requester reads it on the request and in their list. */
export const REJECT_REASON_MAX_LENGTH = 1000;

/** The reject reason's field errors, sent by the server and matched by the console to say them in its language. */
export const REJECT_REASON_MESSAGES = {
  missing: 'Say why the request is rejected.',
  tooLong: `At most ${REJECT_REASON_MAX_LENGTH} characters.`,
} as const;

/** `POST /bff/approvals/{id}/reject`: the reason, trimmed, is required and bounded (the BFF's and the form's rule). */
export const rejectRequestSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: REJECT_REASON_MESSAGES.missing }),
      z.maxLength(REJECT_REASON_MAX_LENGTH, { message: REJECT_REASON_MESSAGES.tooLong }),
    ),
});
export type RejectRequest = z.infer<typeof rejectRequestSchema>;

/** Totals of a booking per type and VAT rate (the bulk dry run's `ChargeTotal`). */
export const approvalTotalSchema = z.object({
  type: z.enum(['charge', 'credit']),
  ratePercent: z.number(),
  executions: z.int(),
  netCent: z.int(),
  vatCent: z.int(),
  grossCent: z.int(),
});

export const approvalExecutionSchema = z.object({
  n: z.int(),
  internal_id: z.string(),
  due_date: z.string(),
  netCent: z.int(),
  vatCent: z.int(),
  grossCent: z.int(),
  ratePercent: z.number(),
});

const person = z.string();
const instant = z.string();

/**
 * A booking sent without approval on the same contract within `BFF_APPROVAL_WINDOW_H` before a request: with
 * the request's own total it reached the threshold, so the approver sees what made up the sum.
 */
export const windowBookingSchema = z.object({
  input_id: z.nullable(z.string()),
  gross_cent: z.int(),
  recorded_at: instant,
  recorded_by: person,
  /** `single` (the charges form or `/api`), `bulk` (a campaign's row). */
  source: z.string(),
  /** The platform's status; null: no answer (yet), which may have booked it. */
  upstream_status: z.nullable(z.int()),
  /** A charge or a credit (`gross_cent` is a magnitude either way: both move money); null on older requests. */
  type_of_transaction: z._default(z.nullable(transactionTypeSchema), null),
});
export type WindowBooking = z.infer<typeof windowBookingSchema>;

/**
 * Why the person viewing a request cannot approve it (issue 41, people not accounts):
 * - `own_request`: they asked for it;
 * - `linked_account`: they and the requester are linked — one created the other's account, reset its password
 *   or could have registered a passkey on it — within `BFF_APPROVAL_WINDOW_H` before the request or after it;
 * - `account_newer`: their account was created after the request was made.
 */
export const CANNOT_APPROVE_REASONS = ['own_request', 'linked_account', 'account_newer'] as const;
export type CannotApproveReason = (typeof CANNOT_APPROVE_REASONS)[number];

/** One approval request as the BFF shows it: exactly what will be sent, its schedule and totals, and its fate. */
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** What will be sent, byte for byte: method, path (as under `/api`) and the body's text. */
  method: z.literal('POST'),
  path: z.string(),
  body_text: z.string(),
  /** SHA-256 (hex) of method, path and body text: what an approval signs. */
  digest: z.string(),
  user_id: z.string(),
  contract_id: z.nullable(z.string()),
  input_id: z.nullable(z.string()),
  type_of_transaction: z.nullable(z.enum(['charge', 'credit'])),
  total_gross_cent: z.int(),
  totals: z.array(approvalTotalSchema),
  /** A charge's executions; null for a bulk campaign. */
  schedule: z.nullable(z.array(approvalExecutionSchema)),
  /** A bulk campaign: its id, file, row count, and the contracts it books on (at most 200 listed). */
  campaign: z.nullable(
    z.object({
      id: z.string(),
      file_name: z.string(),
      rows: z.int(),
      contracts: z.array(z.object({ user_id: z.string(), contract_id: z.string() })),
      contract_count: z.int(),
    }),
  ),
  requested_by: person,
  requested_by_display_name: z.nullable(z.string()),
  requested_at: instant,
  expires_at: instant,
  decided_by: z.nullable(person),
  decided_by_display_name: z.nullable(z.string()),
  decided_at: z.nullable(instant),
  reason: z.nullable(z.string()),
  upstream_status: z.nullable(z.int()),
  upstream_body: z.unknown(),
  outcome: z.nullable(z.enum(APPROVAL_OUTCOMES)),
  attempts: z.int(),
  /**
   * The contract's bookings sent without approval within `BFF_APPROVAL_WINDOW_H` before the request, which
   * together with it reached the threshold (empty: the request reached it alone).
   */
  window_bookings: z._default(z.array(windowBookingSchema), []),
  /**
   * Why the person who asked (`GET /bff/approvals`, `GET /bff/approvals/{id}`) cannot approve it, whatever
   * its status; null: they may. Absent from other answers (and from older BFFs).
   */
  cannot_approve_reason: z.optional(z.nullable(z.enum(CANNOT_APPROVE_REASONS))),
});
export type Approval = z.infer<typeof approvalSchema>;

/** The answer of approve/retry: the approval's new state, with the platform's answer when there is one. */
export const approvalDecisionSchema = approvalSchema;

export const approvalPageSchema = pageSchema(approvalSchema);
export type ApprovalPage = z.infer<typeof approvalPageSchema>;

export const MAX_APPROVAL_PAGE = 100;

export const approvalListQuerySchema = z.object({
  status: z.optional(z.enum(APPROVAL_STATUSES)),
  /**
   * `decided`: only the signed-in user's own requests that are decided (any status but pending and sending),
   * newest decision first — where a requester reads what became of what they asked (issue 42).
   */
  mine: z.optional(z.enum(['decided'])),
  requested_by: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_APPROVAL_PAGE)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
});
export type ApprovalListQuery = z.input<typeof approvalListQuerySchema>;

export const approvalParamsSchema = z.object({ id: z.uuid({ message: 'Not an approval ID.' }) });

/**
 * One row of a bulk campaign as its approver sees it (`GET /bff/approvals/{id}/rows`, issue 42): what it books,
 * and whether it is sent — `pending` rows are; `duplicate` (identical to an earlier row), `skipped` (booked
 * before) and `invalid` ones are not.
 */
export const approvalRowSchema = z.object({
  row: z.int(),
  user_id: z.string(),
  contract_id: z.nullable(z.string()),
  input_id: z.nullable(z.string()),
  type_of_transaction: z.nullable(z.enum(['charge', 'credit'])),
  display_name: z.nullable(z.string()),
  /** Gross over all its executions; null for a row with problems. */
  gross_cent: z.nullable(z.int()),
  status: z.string(),
  message: z.nullable(z.string()),
  /** What the console itself says about the row, by code (`message` has its English). */
  notice: z.nullable(bulkRowNoticeSchema),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;
export const approvalRowsPageSchema = pageSchema(approvalRowSchema);
export const MAX_APPROVAL_ROWS_PAGE = 100;
export const approvalRowsQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_APPROVAL_ROWS_PAGE)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
});

/**
 * `401` of an approval by an SSO account that has not signed in at the provider within
 * STEP_UP_MAX_AGE_SECONDS: `reauthenticate_url` signs in again there and comes back to the approval.
 */
export const stepUpRequiredSchema = z.object({
  detail: z.string(),
  code: z.literal('step_up_required'),
  max_age_minutes: z.optional(z.int()),
  reauthenticate_url: z.string(),
});
export type StepUpRequired = z.infer<typeof stepUpRequiredSchema>;
