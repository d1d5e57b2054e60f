import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  real,
  uniqueIndex,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_KINDS,
  APPROVAL_OUTCOMES,
  APPROVAL_STATUSES,
  type WindowBooking,
} from '../../contract/approvals.ts';
import { AUTHENTICATION_METHODS, ROLES } from '../../contract/bff-api.ts';
import type { ChargeTotal } from '../../contract/charge-schedule.ts';

/** What an approver of a bulk campaign sees besides its totals. */
export interface CampaignSummary {
  fileName: string;
  rows: number;
  contracts: { userId: string; contractId: string }[];
  contractCount: number;
}
import { BULK_CAMPAIGN_STATUSES, BULK_KINDS, BULK_ROW_OUTCOMES } from '../../contract/bulk.ts';
import type { BulkRowNotice } from '../../contract/bulk-row-notices.ts';
import { RECORD_OPERATIONS, RECORD_SOURCES } from '../../contract/records.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** Staff accounts (local sign-in). The password is kept only as an scrypt hash. */
export const staffUsers = pgTable('staff_users', {
  username: text('username').primaryKey(),
  role: text('role', { enum: ROLES }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  /** Set by an admin's password reset: until the person chooses a new password, they can do nothing else. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /**
   * Raised by every change of role or state and by a password reset: a session made at another version
   * is ended when next used, on every replica (issue 41). SSO accounts get a row at their first sign-in
   * (no usable password hash) so admins can disable them.
   */
  version: integer('version').notNull().default(0),
  /** When the account last signed in (any way: password, passkey, SSO); null: never. Shown to admins. */
  lastSignInAt: instant('last_sign_in_at'),
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
    /** The id staff see in their list of sessions and end one by: useless as a cookie, unlike `id_hash`'s source. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    username: text('username').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    displayName: text('display_name'),
    /**
     * When the person last proved who they are: the password at sign-in, or the provider's `auth_time`
     * (null when the provider did not say). Approvals by SSO accounts need it within five minutes.
     */
    authenticatedAt: instant('authenticated_at'),
    /** How: `password`, `passkey` or `sso`; null for sessions from before it was kept. */
    authenticatedWith: text('authenticated_with', { enum: AUTHENTICATION_METHODS }),
    providerSessionId: text('provider_session_id'),
    idToken: text('id_token'),
    /** The browser's User-Agent and address at sign-in, so staff recognise a session (at most 300 characters). */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Signed in with a temporary password: only the password change is open (see the accounts plugin). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The account's `staff_users.version` when the session was made: any other version ends it. */
    accountVersion: integer('account_version').notNull().default(0),
  },
  (table) => [
    index('sessions_username_idx').on(table.username),
    index('sessions_provider_session_id_idx').on(table.providerSessionId),
  ],
);

/**
 * Passkeys (WebAuthn credentials) of local accounts: the public key only — nothing here signs anything.
 * `counter` and `backed_up` are the authenticator's, updated at each use (a counter that goes back is
 * a cloned authenticator: the sign-in is refused).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The console's id for the passkey (URLs, the audit); the credential id stays server-side. */
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    /** base64url, as the browser sends it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: json('transports').$type<string[]>().notNull(),
    /** `singleDevice` or `multiDevice` (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_idx').on(table.credentialId),
    index('passkeys_username_idx').on(table.username),
  ],
);

/**
 * Challenges handed out for a passkey registration (bound to the account) or sign-in: kept here, not in
 * one process, so any replica can check the answer; deleted when used (single use) or expired.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The account registering a passkey; null for a sign-in (the passkey says whose it is). */
    username: text('username'),
    /** Who asked for a sign-in challenge: at most so many a minute per address, counted here (any replica). */
    clientAddress: text('client_address'),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    index('passkey_challenges_expires_at_idx').on(table.expiresAt),
    index('passkey_challenges_client_address_idx').on(table.clientAddress, table.issuedAt),
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

/** How one account came to hold another's credentials (issue 41, src/bff/accounts/account-links.ts). */
export const ACCOUNT_LINK_KINDS = ['account_created', 'password_reset', 'passkey_registered'] as const;

/**
 * People, not accounts: `actor` created `subject`'s account, reset its password, or could have held the
 * session that registered a passkey on it, at `at`. Linked accounts cannot approve each other's requests
 * when the link is at most BFF_APPROVAL_WINDOW_H older than the request. Kept for good (a few rows per account).
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    subject: text('subject').notNull(),
    kind: text('kind', { enum: ACCOUNT_LINK_KINDS }).notNull(),
    at: instant('at').notNull(),
  },
  (table) => [
    index('account_links_actor_at_idx').on(table.actor, table.at),
    index('account_links_subject_at_idx').on(table.subject, table.at),
  ],
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
    /**
     * The `userID` target as a column of its own, to filter by: json's `->>` fails on a whole row whose text
     * holds an escaped NUL (a hostile path is audited as sent), so the filter never reads the json.
     */
    userId: text('user_id'),
    status: integer('status').notNull(),
    durationMs: real('duration_ms').notNull(),
  },
  (table) => [
    index('audit_entries_time_idx').on(table.time),
    index('audit_entries_username_time_idx').on(table.username, table.time),
    index('audit_entries_operation_time_idx').on(table.operation, table.time),
    // The audit filtered by the consumer or producer an attempt was about (a consumer's page links there).
    index('audit_entries_user_id_idx').on(table.userId, table.time),
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
  /** At or above BFF_APPROVAL_FROM_CENT: the approval it waits for (status `awaiting_approval`). */
  approvalId: text('approval_id'),
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
    /** What the console itself says about the row, by code (contract/bulk-row-notices.ts); `message` has its English. */
    notice: json('notice').$type<BulkRowNotice>(),
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

/**
 * Four-eyes approvals (issue 28). What will be sent is stored once and never changed (a trigger in the
 * migration refuses any update of method, path, body_text, digest or requester): the approval signs
 * `digest` and the BFF forwards `body_text` only while it still hashes to it. Requester ≠ approver is
 * part of the one UPDATE that marks the approval. One pending request per contract and `input_id`.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyText: text('body_text').notNull(),
    digest: text('digest').notNull(),
    userId: text('user_id').notNull(),
    contractId: text('contract_id'),
    inputId: text('input_id'),
    campaignId: text('campaign_id'),
    totalGrossCent: bigint('total_gross_cent', { mode: 'number' }).notNull(),
    /** Net, VAT and gross per type and VAT rate, as shown to the approver (computed once, from what is sent). */
    totals: json('totals').$type<ChargeTotal[]>().notNull(),
    /** A bulk campaign's file, row count and contracts, as shown to the approver. */
    campaignSummary: json('campaign_summary').$type<CampaignSummary>(),
    requestedBy: text('requested_by').notNull(),
    requestedByDisplayName: text('requested_by_display_name'),
    requestedAt: instant('requested_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    decidedBy: text('decided_by'),
    decidedByDisplayName: text('decided_by_display_name'),
    decidedAt: instant('decided_at'),
    /** HMAC of the digest, the approver and the time, with a key derived from the session secret. */
    signature: text('signature'),
    reason: text('reason'),
    upstreamStatus: integer('upstream_status'),
    upstreamBody: json('upstream_body'),
    outcome: text('outcome', { enum: APPROVAL_OUTCOMES }),
    /** When the latest forward began: a `sending` row older than the lease had its process die. */
    sentAt: instant('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    /** The contract's unapproved bookings in the window that, with this request, reached the threshold. */
    windowBookings: json('window_bookings').$type<WindowBooking[]>().notNull().default([]),
  },
  (table) => [
    index('approvals_status_requested_at_idx').on(table.status, table.requestedAt),
    index('approvals_campaign_id_idx').on(table.campaignId),
    // Direct bookings are checked against open approvals of the same contract and input_id.
    index('approvals_input_id_idx').on(table.inputId),
    uniqueIndex('approvals_pending_input_id_idx')
      .on(table.userId, table.contractId, table.inputId)
      .where(sql`${table.status} = 'pending' and ${table.kind} = 'charge'`),
  ],
);

/**
 * When each staff member last looked at the decisions on their own approval requests (issue 42): the
 * navigation counts the ones decided since. Server-side, per user, so it follows the person across browsers
 * and survives a reload, and no other user of the browser learns of it.
 */
export const approvalDecisionsSeen = pgTable('approval_decisions_seen', {
  username: text('username').primaryKey(),
  seenAt: instant('seen_at').notNull(),
});

/**
 * The console's records (issue 29): every write sent through the console with what was sent and what the
 * platform answered. Personal data: purged after BFF_RECORDS_RETENTION_DAYS. `source_ref` makes the
 * attempts of one logical write (a bulk row, an approval sent again) one record.
 */
export const consoleRecords = pgTable(
  'records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operation: text('operation', { enum: RECORD_OPERATIONS }).notNull(),
    source: text('source', { enum: RECORD_SOURCES }).notNull(),
    sourceId: text('source_id'),
    sourceRef: text('source_ref'),
    userId: text('user_id'),
    contractId: text('contract_id'),
    inputId: text('input_id'),
    technicalResourceId: text('technical_resource_id'),
    /** The consumer's name (person or company) of a migration: titles, and a producer's name on its contracts. */
    subjectName: text('subject_name'),
    /** Folded keys a later write is compared with (duplicate warnings). */
    marketLocation: text('market_location'),
    nameAddressKey: text('name_address_key'),
    sent: json('sent').notNull(),
    upstreamStatus: integer('upstream_status'),
    upstreamBody: json('upstream_body'),
    recordedBy: text('recorded_by').notNull(),
    recordedByDisplayName: text('recorded_by_display_name'),
    recordedAt: instant('recorded_at').notNull(),
    answeredAt: instant('answered_at'),
    duplicateOf: json('duplicate_of').$type<string[]>().notNull(),
    /** The records the sender was warned about and sent anyway (X-Duplicate-Acknowledged). */
    acknowledgedDuplicates: json('acknowledged_duplicates').$type<string[]>().notNull(),
    /** Attempts sent (one logical write: a bulk row or an approval may be sent again). */
    attempts: integer('attempts').notNull().default(1),
    /** A retry refused as "already exists" after an attempt without an answer: the first one was stored. */
    confirmedByRetry: boolean('confirmed_by_retry').notNull().default(false),
    /**
     * A charge or credit sent without a second person's approval: its gross total over all executions, which
     * counts toward the contract's sum in BFF_APPROVAL_WINDOW_H. Null: not money, or booked through an approval.
     */
    unapprovedGrossCent: bigint('unapproved_gross_cent', { mode: 'number' }),
    /**
     * The request ID of the latest attempt, as its audit entry has it: an audit entry left without its status
     * (the connection was lost as it was written) takes the answer the record holds (AuditRepository.reconcile).
     */
    requestId: text('request_id'),
  },
  (table) => [
    uniqueIndex('records_source_ref_idx').on(table.sourceRef),
    index('records_contract_idx').on(table.userId, table.contractId, table.operation),
    index('records_contract_id_idx').on(table.contractId),
    index('records_market_location_idx').on(table.marketLocation),
    index('records_name_address_idx').on(table.nameAddressKey),
    index('records_technical_resource_idx').on(table.technicalResourceId),
    index('records_recorded_at_idx').on(table.recordedAt),
    index('records_request_id_idx').on(table.requestId),
  ],
);

/**
 * The words a record is found by (folded, see searchTerms): prefix search over a b-tree, on PGlite too. A record
 * the platform refused loses its terms: search finds what is, or may be, stored.
 */
export const recordTerms = pgTable(
  'record_terms',
  {
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => consoleRecords.id, { onDelete: 'cascade' }),
    /** The record's operation, so each kind is one index range (search looks each up on its own). */
    operation: text('operation', { enum: RECORD_OPERATIONS }).notNull(),
    // COLLATE "C" in the migration: byte order, so a prefix is one index range in any database locale.
    term: text('term').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.recordId, table.term] }),
    index('record_terms_term_idx').on(table.operation, table.term, table.recordId.desc()),
  ],
);

/** The contracts the platform accepted a booking on through the console (one row each): suggestions without scanning bookings. */
export const recordContracts = pgTable(
  'record_contracts',
  {
    userId: text('user_id').notNull(),
    contractId: text('contract_id').notNull(),
    lastRecordedAt: instant('last_recorded_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contractId] }),
    index('record_contracts_last_idx').on(table.lastRecordedAt),
  ],
);

/**
 * Read-only links to one feed-in report for people outside the console (issue 46, decision 0047). Only the
 * token's SHA-256 is kept; the parameters are the link's, never the reader's. Every opening reads this row,
 * so a revocation holds at once on every replica.
 */
export const sharedReports = pgTable(
  'shared_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    /** The identity provider's name for an SSO user when the link was made (usernames say who otherwise). */
    createdByName: text('created_by_name'),
    userId: text('user_id').notNull(),
    contractId: text('contract_id').notNull(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    aggregation: text('aggregation').notNull(),
    timeZone: text('time_zone').notNull(),
    view: text('view').notNull(),
    compare: text('compare'),
    /** The nameplate power (kWp) staff entered on the report, or null. */
    capacityKw: doublePrecision('capacity_kw'),
    note: text('note').notNull().default(''),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedBy: text('revoked_by'),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: instant('last_opened_at'),
  },
  (table) => [
    uniqueIndex('shared_reports_token_hash_idx').on(table.tokenHash),
    index('shared_reports_contract_idx').on(table.userId, table.contractId, table.createdAt),
  ],
);
