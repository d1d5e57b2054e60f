import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Environment } from '../contract/bff-api.ts';
import { MAX_BODY_BYTES } from '../contract/api/common.ts';
import approvalsPlugin from './approvals/approvals-plugin.ts';
import approvalRepositoryPlugin from './approvals/approval-repository-plugin.ts';
import { ApprovalWindow } from './approvals/approval-window.ts';
import accountsPlugin from './accounts/accounts-plugin.ts';
import passwordsPlugin from './accounts/passwords-plugin.ts';
import auditPlugin from './audit/audit-plugin.ts';
import bulkPlugin from './bulk/bulk-plugin.ts';
import type { RetryPolicy } from './bulk/row-outcome.ts';
import consolePlugin from './console/console-plugin.ts';
import databasePlugin from './db/database-plugin.ts';
import healthPlugin from './health-plugin.ts';
import { parseJsonBody } from './json-body.ts';
import { withOptionDefaults } from './option-defaults.ts';
import recordsPlugin from './records/records-plugin.ts';
import passkeysPlugin from './passkeys/passkeys-plugin.ts';
import { relyingPartyOf } from './passkeys/relying-party.ts';
import oidcPlugin, { type OidcPluginOptions } from './oidc/oidc-plugin.ts';
import platformPlugin, { type PlatformPluginOptions } from './platform/platform-plugin.ts';
import apiProxyPlugin, { type ApiProxyPluginOptions } from './proxy/api-proxy-plugin.ts';
import { canonicalUrl } from './security/canonical-url.ts';
import { answerFrameworkError } from './security/error-answers.ts';
import securityPlugin from './security/security-plugin.ts';
import sharedReportsPlugin, { pathWithoutToken } from './shared-reports/shared-reports-plugin.ts';
import { fastifyTrustProxy, type TrustProxy } from './security/trust-proxy.ts';
import routeRulesPlugin from './route-rules/route-rules-plugin.ts';
import sessionListPlugin from './sessions/session-list-plugin.ts';
import sessionsPlugin from './sessions/sessions-plugin.ts';
// zod's own messages in English, as classic zod gave them (see the file).
import '../node-shared/zod-english.ts';

/** The upstream settings are the proxy plugin's own (documented there); the bulk runner shares them. */
export interface BffOptions extends ApiProxyPluginOptions, PlatformPluginOptions {
  dataDir: string;
  /** `postgres://…` shared by replicas, `memory://` for tests; unset: PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  environment: Environment;
  sessionSecret?: string | undefined;
  auditRetentionDays?: number;
  /** BFF_RECORDS_RETENTION_DAYS. */
  recordsRetentionDays?: number;
  /** `BFF_TRUST_PROXY`: `true` is one hop (the address the proxy saw), see `TrustProxy`. */
  trustProxy?: TrustProxy;
  staticDir?: string | undefined;
  /** The company's OpenID provider for staff sign-in; unset: local accounts only. */
  identityProvider?: OidcPluginOptions['provider'];
  /**
   * The console's public origin (BFF_PUBLIC_URL, else where it listens): passkeys are bound to its host
   * name. Unset, or an IP address: no passkeys.
   */
  consoleOrigin?: string | undefined;
  /** false: no sign-in with a local account (SSO only). */
  localAccounts?: boolean;
  /** Platform calls in flight for bulk campaigns from this process. */
  bulkConcurrency?: number;
  /** BFF_CONFIRM_FROM_CENT: the console asks for a confirmation of bookings from this gross total. */
  confirmFromCent?: number;
  /** BFF_APPROVAL_FROM_CENT: charges from this gross total need a second person; null: off. */
  approvalFromCent?: number | null;
  /** BFF_APPROVAL_TTL_H: a pending approval expires after this many hours. */
  approvalTtlHours?: number;
  /** BFF_APPROVAL_WINDOW_H: the hours of a contract's unapproved bookings a new write is summed with; 0: none. */
  approvalWindowHours?: number;
  /** How rows without a final answer are sent again (tests shorten it). */
  bulkRetryPolicy?: RetryPolicy;
  logger?: Logger;
  now?: () => number;
}

function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let sequence = 0;
  return () => `${prefix}-${(++sequence).toString(36)}`;
}

/**
 * The BFF: one Fastify plugin per concern, each declaring what it needs (fastify/demo's layout).
 * `server.ts` listens.
 */
export async function buildBffApp(given: BffOptions): Promise<FastifyInstance> {
  const options = withOptionDefaults(given);
  const now = options.now ?? Date.now;
  const { localAccounts, approvalFromCent } = options;
  const approvalTtlMs = options.approvalTtlHours * 60 * 60_000;
  const approvalWindowMs = options.approvalWindowHours * 60 * 60_000;
  // Typed as Fastify's base logger so the instance keeps its default generic (pino's Logger is wider).
  const loggerInstance: FastifyBaseLogger | undefined = options.logger;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    // One spelling of the path before routing and every check (CSRF, session, audit, proxy).
    rewriteUrl: (request) => canonicalUrl(request.url ?? '/'),
    // A bad percent-encoding or an over-long path parameter, answered in the project's shape.
    frameworkErrors: answerFrameworkError,
    // A per-process prefix and a counter: unique, and no randomBytes call on the hot path (7 % of BFF CPU).
    genReqId: requestIds(),
    // One access line per request (below) instead of Fastify's two,
    // and without the query string, which carries IBANs and market location IDs to the validations.
    logController: new LogController({ disableRequestLogging: true }),
    // Opening the embedded database (PGlite and its migrations) took 10.2 s on a loaded two-core machine, past
    // Fastify's default 10 s for a plugin: the console then never started (every e2e stack in a loaded CI).
    pluginTimeout: 60_000,
  });
  // Successful reads are routine (debug); writes, refusals and failures are what operators look for
  // (info). Logging every read at info cost ~22 µs of CPU per proxied call (a third of the BFF's own).
  const logsRoutine = options.logger?.isLevelEnabled('debug') ?? false;
  const logsNotable = options.logger?.isLevelEnabled('info') ?? false;
  app.addHook('onResponse', async (request, reply) => {
    const routine = reply.statusCode < 400 && (request.method === 'GET' || request.method === 'HEAD');
    if (routine ? !logsRoutine : !logsNotable) return;
    const line = {
      method: request.method,
      // A shared report's token is a password: never in a log line.
      path: pathWithoutToken(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (routine) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
  // Every route declares its params, query, body and answers with the contract's zod schemas; a refusal
  // is answered as field errors by the security plugin's error handler.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The BFF's own routes take JSON only (the proxy keeps raw bytes inside its own plugin). Fastify's
  // text/plain parser goes too, so any other media type is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    parseJsonBody,
  );

  await app.register(securityPlugin);
  await app.register(databasePlugin, { databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  await app.register(sessionsPlugin, { dataDir: options.dataDir, sessionSecret: options.sessionSecret, now });
  await app.register(auditPlugin, {
    retentionDays: options.auditRetentionDays,
    now,
  });
  await app.register(oidcPlugin, { provider: options.identityProvider, now });
  const relyingParty = relyingPartyOf(options.consoleOrigin);
  await app.register(accountsPlugin, {
    environment: options.environment,
    localAccounts,
    passkeys: relyingParty !== null,
    confirmFromCent: options.confirmFromCent,
    approvalFromCent,
    now,
  });
  await app.register(passwordsPlugin, { localAccounts });
  // After the passwords plugin's "must change password" hook, before any route's own hooks.
  await app.register(routeRulesPlugin);
  await app.register(sessionListPlugin);
  await app.register(passkeysPlugin, {
    relyingParty,
    localAccounts,
    now,
  });
  await app.register(recordsPlugin, {
    retentionDays: options.recordsRetentionDays,
    now,
  });
  app.decorate(
    'approvalWindow',
    new ApprovalWindow(app.database.db, { approvalFromCent, windowMs: approvalWindowMs, now }),
  );
  await app.register(platformPlugin, {
    upstreamBaseUrl: options.upstreamBaseUrl,
    tokens: options.tokens,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    salespartner: options.salespartner,
  });
  await app.register(approvalRepositoryPlugin, { ttlMs: approvalTtlMs, now });
  await app.register(apiProxyPlugin, {
    maxResponseBytes: options.maxResponseBytes,
    publicUrl: options.publicUrl,
    approvalFromCent,
  });
  await app.register(bulkPlugin, {
    concurrency: options.bulkConcurrency,
    ...(options.bulkRetryPolicy && { retryPolicy: options.bulkRetryPolicy }),
    approvalFromCent,
    now,
  });
  await app.register(approvalsPlugin, {
    approvalFromCent,
    now,
  });
  await app.register(sharedReportsPlugin, { staticDir: options.staticDir, now });
  await app.register(healthPlugin, { tokens: options.tokens });
  await app.register(consolePlugin, { staticDir: options.staticDir });
  return app;
}
