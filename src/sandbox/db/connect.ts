import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { freshClusterTemplate } from './cluster-template.ts';
import { lockDirectory } from './directory-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, without credentials (for logs). */
  description: string;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, 'migrations');

/** `memory://`, `postgres://…`/`postgresql://…`, or a directory for PGlite. */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped test database) is an
    // 'error' event on the pool: unhandled, it would end the process. The pool connects anew on the next query.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`));
    const db = drizzlePostgres(pool, { schema });
    await migratePostgres(db, { migrationsFolder });
    const { host, pathname } = new URL(url);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      description: `postgres://${host}${pathname}`,
      close: () => pool.end(),
    };
  }
  const inMemory = url === 'memory://';
  const unlock = inMemory ? () => {} : lockDirectory(url);
  try {
    const fresh = inMemory || !existsSync(join(url, 'PG_VERSION'));
    // 32 MB of shared buffers hold the whole feed table and index; the default 128 MB only costs RSS.
    const options = {
      postgresqlconf: ['shared_buffers=32MB'],
      ...(fresh ? { loadDataDir: await freshClusterTemplate() } : {}),
    };
    const client = inMemory ? new PGlite(options) : new PGlite(url, options);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      description: inMemory ? 'PGlite in memory' : `PGlite at ${url}`,
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** `sum()::bigint` arrives as a number from PGlite and as a string from pg. */
export function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Rows of a raw query; pg and PGlite both answer `{rows}`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
