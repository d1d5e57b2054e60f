import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  /** sha256 of the secret (hex). */
  secretHash: text('secret_hash').notNull(),
  /** Space-separated scopes the client may ask for. */
  allowedScopes: text('allowed_scopes').notNull(),
});

export const accessTokens = pgTable(
  'access_tokens',
  {
    /** sha256 of the opaque token (hex): a database leak yields no usable token. */
    tokenHash: text('token_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId),
    scopes: text('scopes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('access_tokens_expires_at').on(table.expiresAt)],
);

export const producers = pgTable('producers', {
  userId: text('user_id').primaryKey(),
  name: text('name').notNull(),
});

export const producerContracts = pgTable('producer_contracts', {
  contractId: text('contract_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => producers.userId),
  description: text('description').notNull(),
  salespartner: text('salespartner').notNull(),
});

/** One row per accepted charges/credits request: the unique index makes `input_id` unique per contract. */
export const chargeRequests = pgTable(
  'charge_requests',
  {
    id: serial('id').primaryKey(),
    contractId: text('contract_id')
      .notNull()
      .references(() => producerContracts.contractId),
    inputId: text('input_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('charge_requests_contract_input').on(table.contractId, table.inputId)],
);

export const chargeExecutions = pgTable(
  'charge_executions',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => chargeRequests.id),
    n: integer('n').notNull(),
    internalId: text('internal_id').notNull(),
    contractId: text('contract_id').notNull(),
    inputId: text('input_id').notNull(),
    typeOfTransaction: text('type_of_transaction').notNull(),
    amountCent: bigint('amount_cent', { mode: 'number' }).notNull(),
    isGross: boolean('is_gross').notNull(),
    vatType: text('vat_type').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    netCent: bigint('net_cent', { mode: 'number' }).notNull(),
    vatCent: bigint('vat_cent', { mode: 'number' }).notNull(),
    grossCent: bigint('gross_cent', { mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    displayName: text('display_name').notNull(),
    explanationText: text('explanation_text').notNull(),
    bookkeepingAccount: text('bookkeeping_account').notNull(),
    salespartner: text('salespartner').notNull(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.n] })],
);

export const consumerMigrations = pgTable('consumer_migrations', {
  userId: text('user_id').primaryKey(),
  record: jsonb('record').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const technicalResources = pgTable('technical_resources', {
  technicalResourceId: text('technical_resource_id').primaryKey(),
  contractId: text('contract_id')
    .notNull()
    .references(() => producerContracts.contractId),
  controlResource: text('control_resource').notNull(),
  marketLocationFeed: text('market_location_feed').notNull(),
  marketLocationSupply: text('market_location_supply').notNull(),
  accountingModel: text('accounting_model').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 15-minute feed-in values. `cum_wh`/`cum_n` are running totals per contract in time order, so the
 * sum over any range is a difference of two index lookups (docs/decisions/0004-sandbox-feed-running-totals.md).
 */
export const feedValues = pgTable(
  'feed_values',
  {
    contractId: text('contract_id')
      .notNull()
      .references(() => producerContracts.contractId),
    /** Interval start, minutes since the Unix epoch (UTC). */
    startMin: integer('start_min').notNull(),
    wh: integer('wh').notNull(),
    cumWh: bigint('cum_wh', { mode: 'number' }).notNull(),
    cumN: integer('cum_n').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.startMin] })],
);
