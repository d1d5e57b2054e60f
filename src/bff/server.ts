import { randomBytes } from 'node:crypto';
import { runMain } from '../node-shared/env.ts';
import { serverLogger } from '../node-shared/logger.ts';
import { closeOnSignals } from '../node-shared/shutdown.ts';
import { buildBffApp } from './app.ts';
import { publicUrl, readBffEnv, upstreamBaseUrl, type BffEnv } from './config.ts';
import { applyAdminPassword } from './accounts/admin-password.ts';
import { UserExistsError } from './accounts/user-repository.ts';
import { importLegacyFiles } from './db/import-legacy-files.ts';
import { TokenManager } from './token-manager.ts';

export async function startBff(
  env: BffEnv,
): Promise<{ url: string; close: () => Promise<void>; adminHint: string }> {
  const logger = serverLogger('bff');
  const baseUrl = upstreamBaseUrl(env);
  const tokens = new TokenManager({
    baseUrl,
    clientId: env.ENERGY_API_CLIENT_ID,
    clientSecret: env.ENERGY_API_CLIENT_SECRET,
  });
  const app = await buildBffApp({
    dataDir: env.BFF_DATA_DIR,
    databaseUrl: env.BFF_DATABASE_URL,
    environment: env.ENERGY_API_ENVIRONMENT,
    upstreamBaseUrl: baseUrl,
    tokens,
    upstreamTimeoutMs: env.ENERGY_API_TIMEOUT_MS,
    maxResponseBytes: env.ENERGY_API_MAX_RESPONSE_BYTES,
    publicUrl: env.BFF_PUBLIC_URL,
    consoleOrigin: publicUrl(env),
    salespartner: env.ENERGY_API_SALESPARTNER,
    sessionSecret: env.SESSION_SECRET,
    auditRetentionDays: env.BFF_AUDIT_RETENTION_DAYS,
    recordsRetentionDays: env.BFF_RECORDS_RETENTION_DAYS,
    trustProxy: env.BFF_TRUST_PROXY,
    staticDir: env.BFF_STATIC_DIR,
    localAccounts: env.BFF_LOCAL_ACCOUNTS,
    bulkConcurrency: env.BFF_BULK_CONCURRENCY,
    confirmFromCent: env.BFF_CONFIRM_FROM_CENT,
    approvalFromCent: env.BFF_APPROVAL_FROM_CENT,
    approvalTtlHours: env.BFF_APPROVAL_TTL_H,
    approvalWindowHours: env.BFF_APPROVAL_WINDOW_H,
    identityProvider: env.BFF_OIDC_ISSUER
      ? {
          issuer: env.BFF_OIDC_ISSUER,
          // Both are required with an issuer (config.ts).
          clientId: env.BFF_OIDC_CLIENT_ID!,
          clientSecret: env.BFF_OIDC_CLIENT_SECRET!,
          publicUrl: publicUrl(env),
          roleClaim: env.BFF_OIDC_ROLE_CLAIM,
        }
      : undefined,
    logger,
  });
  try {
    const imported = await importLegacyFiles(env.BFF_DATA_DIR, app.users, app.auditLog);
    if (imported.users + imported.auditEntries > 0)
      app.log.info(imported, 'imported users.json and audit.jsonl into the database');
    let adminHint = 'Sign in with an existing account.';
    if (!env.BFF_LOCAL_ACCOUNTS) {
      adminHint = 'Sign in with SSO (local accounts are turned off).';
      if (env.BFF_ADMIN_PASSWORD) app.log.warn('BFF_ADMIN_PASSWORD is ignored: BFF_LOCAL_ACCOUNTS=false');
    } else if (env.BFF_ADMIN_PASSWORD) {
      await applyAdminPassword(app, env.BFF_ADMIN_PASSWORD);
      adminHint = 'Sign in as "admin" with BFF_ADMIN_PASSWORD.';
    } else if ((await app.users.count()) === 0) {
      const password = randomBytes(12).toString('base64url');
      // Replicas starting together on an empty database: only one creates the account and prints it.
      const created = await app.users.create('admin', password, 'admin').then(
        () => true,
        (error: unknown) => {
          if (error instanceof UserExistsError) return false;
          throw error;
        },
      );
      if (created)
        adminHint = `Sign in as "admin" with password ${password} (shown once; set BFF_ADMIN_PASSWORD to choose it).`;
    }
    const url = await app.listen({ host: env.HOST, port: env.PORT });
    return { url, close: () => app.close(), adminHint };
  } catch (error) {
    await app.close();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMain(async () => {
    const env = readBffEnv();
    const bff = await startBff(env);
    closeOnSignals(bff.close);
    console.log(`energy-console BFF on ${bff.url} → ${upstreamBaseUrl(env)} (${env.ENERGY_API_ENVIRONMENT})`);
    console.log(bff.adminHint);
  });
}
