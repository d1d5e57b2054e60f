import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { runMain } from '../node-shared/env.ts';
import { defaultLogLevel, loggerOptions } from '../node-shared/logger.ts';
import { closeOnSignals } from '../node-shared/shutdown.ts';
import { buildBffApp } from './app.ts';
import { readBffEnv, upstreamBaseUrl, type BffEnv } from './config.ts';
import { TokenManager } from './token-manager.ts';

export async function startBff(
  env: BffEnv,
): Promise<{ url: string; close: () => Promise<void>; adminHint: string }> {
  const logger = pino(loggerOptions('bff', defaultLogLevel()));
  const baseUrl = upstreamBaseUrl(env);
  const tokens = new TokenManager({
    baseUrl,
    clientId: env.ENERGY_API_CLIENT_ID,
    clientSecret: env.ENERGY_API_CLIENT_SECRET,
  });
  const { app, users } = await buildBffApp({
    dataDir: env.BFF_DATA_DIR,
    environment: env.ENERGY_API_ENVIRONMENT,
    upstreamBaseUrl: baseUrl,
    tokens,
    upstreamTimeoutMs: env.ENERGY_API_TIMEOUT_MS,
    salespartner: env.ENERGY_API_SALESPARTNER,
    sessionSecret: env.SESSION_SECRET,
    trustProxy: env.BFF_TRUST_PROXY,
    staticDir: env.BFF_STATIC_DIR,
    logger,
  });
  let adminHint = 'Sign in with an existing account.';
  if (env.BFF_ADMIN_PASSWORD) {
    await users.upsert('admin', env.BFF_ADMIN_PASSWORD, 'admin');
    adminHint = 'Sign in as "admin" with BFF_ADMIN_PASSWORD.';
  } else if (users.size === 0) {
    const password = randomBytes(12).toString('base64url');
    await users.create('admin', password, 'admin');
    adminHint = `Sign in as "admin" with password ${password} (shown once; set BFF_ADMIN_PASSWORD to choose it).`;
  }
  const url = await app.listen({ host: env.HOST, port: env.PORT });
  return { url, close: () => app.close(), adminHint };
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
