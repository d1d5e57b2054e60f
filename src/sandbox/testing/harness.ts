import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../../node-shared/db/testing/postgres.ts';
import { buildSandboxApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/connect.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { seededPgliteDump, seededPostgresTemplate } from './seeded-databases.ts';

/** Both databases the sandbox supports; every integration suite runs on each. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export { createPostgresDatabase, TEST_DATABASE_URL };

export interface TestSandbox {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A bearer token of the read-write (or read-only) seed client. */
  token(scope?: 'read' | 'write' | 'read write', client?: 'sandbox-rw' | 'sandbox-ro'): Promise<string>;
  close(): Promise<void>;
}

export interface TestSandboxOptions {
  today?: string;
  tokenTtlSeconds?: number;
  now?: () => number;
  logger?: FastifyBaseLogger;
}

export async function startTestSandbox(
  kind: DatabaseKind,
  options: TestSandboxOptions = {},
): Promise<TestSandbox> {
  // A copy of the run's seeded database where the global setup made one; seeded here otherwise.
  const postgres = kind === 'postgres' ? await createPostgresDatabase(await seededPostgresTemplate()) : null;
  const database = postgres
    ? await openDatabase(postgres.url)
    : await openDatabase('memory://', await seededPgliteDump());
  await seedIfEmpty(database.db);
  const app = await buildSandboxApp({
    db: database.db,
    today: () => options.today ?? '2025-06-16',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    app,
    database,
    async token(scope = 'read write', client = 'sandbox-rw') {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth2/token/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client,
          client_secret: `${client}-secret`,
          scope,
        }).toString(),
      });
      if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}
