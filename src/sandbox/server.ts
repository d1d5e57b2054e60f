import { dateInZone } from '../contract/calendar-date.ts';
import { runMain } from '../node-shared/env.ts';
import { serverLogger } from '../node-shared/logger.ts';
import { closeOnSignals } from '../node-shared/shutdown.ts';
import { buildSandboxApp } from './app.ts';
import { readSandboxEnv } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { SEED_CLIENTS } from './seed/seed-data.ts';

await runMain(async () => {
  const env = readSandboxEnv();
  const logger = serverLogger('sandbox');
  const database = await openDatabase(env.SANDBOX_DATABASE_URL);
  const started = performance.now();
  if (await seedIfEmpty(database.db))
    logger.info({ ms: Math.round(performance.now() - started) }, 'seeded an empty database');
  const app = await buildSandboxApp({
    db: database.db,
    today: () => env.SANDBOX_TODAY ?? dateInZone(new Date(), 'Europe/Berlin'),
    tokenTtlSeconds: env.SANDBOX_TOKEN_TTL_S,
    logger,
  });
  closeOnSignals(async () => {
    await app.close(); // lets in-flight requests finish
    await database.close();
  });
  const address = await app.listen({ host: env.HOST, port: env.SANDBOX_PORT });
  console.log(`Energy Platform API v3 sandbox listening on ${address} (${database.description})`);
  console.log(`OpenAPI description: ${address}/v3/schema/`);
  for (const client of SEED_CLIENTS) {
    console.log(`OAuth2 client: ${client.clientId} / ${client.secret} (scopes: ${client.allowedScopes})`);
  }
});
