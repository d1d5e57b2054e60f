import {
  bigserial,
  boolean,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../contract/bff-api.ts';
import { BULK_CAMPAIGN_STATUSES, BULK_KINDS, BULK_ROW_OUTCOMES } from '../../contract/bulk.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** Staff accounts (local sign-in). The password is kept only as an scrypt hash. */
export const staffUsers = pgTable('staff_users', {
  username: text('username').primaryKey(),
  role: text('role', { enum: ROLES }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/**
 * Server-side sessions. The cookie carries a random id; only its SHA-256 is stored, so a copy of the
 * database does not hold live sessions. `last_seen_at` is written at most once a minute per session.
 * Sessions from the identity provider keep its session id (`sid`, for back-channel logout) and the ID
 * token (the hint for RP-initiated logout); the username of such a session is `sso:<subject>`.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    username: text('username').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    displayName: text('display_name'),
    providerSessionId: text('provider_session_id'),
    idToken: text('id_token'),
  },
  (table) => [
    index('sessions_username_idx').on(table.username),
    index('sessions_provider_session_id_idx').on(table.providerSessionId),
  ],
);

/** One row per failed sign-in and key (`user:<name>` or `addr:<ip>`); rows older than the window are purged. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: instant('at').notNull(),
  },
  (table) => [index('sign_in_failures_key_at_idx').on(table.key, table.at)],
);

/** Every write attempt (refused ones too): ids only, never personal data from bodies. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: instant('time').notNull(),
    requestId: text('request_id').notNull(),
    username: text('username'),
    /** The identity provider's name for an SSO user at the time (usernames say who for local accounts). */
    displayName: text('display_name'),
    role: text('role', { enum: ROLES }),
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    // json, not jsonb: the targets keep their order (user, contract, input_id) for people reading them.
    targets: json('targets').$type<Record<string, string>>().notNull(),
    status: integer('status').notNull(),
    durationMs: real('duration_ms').notNull(),
  },
  (table) => [
    index('audit_entries_time_idx').on(table.time),
    index('audit_entries_username_time_idx').on(table.username, table.time),
    index('audit_entries_operation_time_idx').on(table.operation, table.time),
  ],
);

/** Values every replica must agree on, such as the generated cookie-signing key when SESSION_SECRET is unset. */
export const bffSettings = pgTable('bff_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** A bulk campaign: one checked CSV file, run row by row by pg-boss jobs in any replica. */
export const bulkCampaigns = pgTable('bulk_campaigns', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: BULK_KINDS }).notNull(),
  fileName: text('file_name').notNull(),
  owner: text('owner').notNull(),
  ownerDisplayName: text('owner_display_name'),
  ownerRole: text('owner_role', { enum: ROLES }).notNull(),
  status: text('status', { enum: BULK_CAMPAIGN_STATUSES }).notNull(),
  total: integer('total').notNull(),
  createdAt: instant('created_at').notNull(),
  finishedAt: instant('finished_at'),
});

/**
 * One row per file row. `sending` rows are claimed by a runner (`claimed_at`); a claim older than the
 * runner's lease is taken over, and the row is sent again: the platform's idempotency (`input_id` per
 * contract, the user ID) makes that safe. `unanswered`: an attempt may have reached the platform without
 * its answer reaching the console (a timeout after sending, a lost connection, a runner that died), so
 * the row may be booked; `failing_since`: the first attempt without a final answer (retries stop after
 * the runner's retry window). `review`: a `skipped` row whose `input_id` was on the platform without the
 * console having sent it. `invalid` rows (problems in the file) are stored to be in the results, never sent.
 */
export const bulkRows = pgTable(
  'bulk_rows',
  {
    campaignId: text('campaign_id').notNull(),
    row: integer('row').notNull(),
    body: json('body').$type<Record<string, unknown>>().notNull(),
    userId: text('user_id').notNull(),
    contractId: text('contract_id'),
    inputId: text('input_id'),
    status: text('status', { enum: ['pending', 'sending', ...BULK_ROW_OUTCOMES] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    message: text('message'),
    claimedAt: instant('claimed_at'),
    retryAt: instant('retry_at'),
    doneAt: instant('done_at'),
    failingSince: instant('failing_since'),
    unanswered: boolean('unanswered').notNull().default(false),
    review: boolean('review').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.row] }),
    index('bulk_rows_campaign_status_idx').on(table.campaignId, table.status),
    // What was sent before under an input_id (charges) or a user ID (migrations).
    index('bulk_rows_input_id_idx').on(table.inputId),
    index('bulk_rows_user_id_idx').on(table.userId),
  ],
);
