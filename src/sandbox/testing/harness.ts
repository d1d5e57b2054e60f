import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildSandboxApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/connect.ts';
import { seedIfEmpty } from '../seed/seed.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Both databases the sandbox supports; every integration suite runs on each. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A fresh, empty PostgreSQL database for one suite (dropped by the returned function). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ec_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestSandbox {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A bearer token of the read-write (or read-only) seed client. */
  token(scope?: 'read' | 'read write', client?: 'sandbox-rw' | 'sandbox-ro'): Promise<string>;
  close(): Promise<void>;
}

export interface TestSandboxOptions {
  today?: string;
  tokenTtlSeconds?: number;
  now?: () => number;
}

export async function startTestSandbox(
  kind: DatabaseKind,
  options: TestSandboxOptions = {},
): Promise<TestSandbox> {
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const database = await openDatabase(postgres?.url ?? 'memory://');
  await seedIfEmpty(database.db);
  const app = await buildSandboxApp({
    db: database.db,
    today: () => options.today ?? '2025-06-16',
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    ...(options.now ? { now: options.now } : {}),
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
