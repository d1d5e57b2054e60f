import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type ExecProtocolOptions } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { freshClusterTemplate } from './cluster-template.ts';
import { lockDirectory } from './directory-lock.ts';
import { errorMessage } from '../error-fields.ts';
import { retryOnConnectionLoss } from './errors.ts';
import { PostgresListener } from './postgres-listener.ts';

export type Database<TSchema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

/** Called with each payload on a channel; `onGap` when notifications may have been missed (a reconnect). */
export interface NotificationHandlers {
  onNotify(payload: string): void;
  onGap?(): void;
}

export interface DatabaseHandle<TSchema extends Record<string, unknown>> {
  db: Database<TSchema>;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, without credentials (for logs). */
  description: string;
  /** LISTEN on a channel (PostgreSQL: every process on the database; PGlite: this process). */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * SQL text for a tool that brings its own (pg-boss): with values one parameterised statement, without
   * a script of several statements. The same connection as `db` (PostgreSQL's pool, or the PGlite).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: its data directory as a tar, which `pgliteDataDir` starts a copy from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** What one program's database is: its drizzle schema, its migrations, and how it is tuned. */
export interface DatabaseDefinition<TSchema extends Record<string, unknown>> {
  schema: TSchema;
  migrationsFolder: string;
  /** Key of the PostgreSQL advisory lock held while migrating, so replicas starting together migrate once. */
  migrationLockKey: number;
  /** Drizzle's bookkeeping table, distinct per program so both may share one PostgreSQL database. */
  migrationsTable?: string;
  /** PGlite's postgresql.conf lines. */
  pgliteConfig?: string[];
  /**
   * A data directory (a `dumpDataDir` tar) a new PGlite database starts from instead of the empty cluster:
   * tests load a seeded database in a fraction of the time seeding takes.
   */
  pgliteDataDir?: Blob;
  poolSize?: number;
}

/**
 * PGlite that starts every exchange with the database on a new turn of the event loop. The embedded database
 * runs in this thread and its answers arrive as microtasks, so a loop of statements (a 10,000-row campaign's
 * inserts, its lookups in batches) held the thread from its first statement to its last: `/healthz` waited
 * 1.1 s behind one campaign. A turn before each statement lets other requests in between (issue 41).
 */
class TurnTakingPGlite extends PGlite {
  override async execProtocolRaw(message: Uint8Array, options?: ExecProtocolOptions): Promise<Uint8Array> {
    await nextTurn();
    return super.execProtocolRaw(message, options);
  }
}

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** A statement that only reads: running it again after a lost connection changes nothing. */
const READ_ONLY = /^\s*select\b(?![\s\S]*\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b)/i;

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return typeof config === 'object' && config !== null && 'text' in config && typeof config.text === 'string'
    ? config.text
    : '';
}

/** Gives a checked-out client back to its pool (to be dropped) as soon as its connection ends. */
function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error('the connection ended while checked out'));
  };
  client.once('end', onEnd);
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  return client;
}

/**
 * A pg pool that outlives the server ending its connections (a restart, `pg_terminate_backend`, a
 * failover). pg emits 'error' on a client whose connection ends; the pool listens only while the client
 * is idle, so a client ended while checked out (a transaction, a query in flight) would raise an
 * unhandled 'error' event and end the process. Every client gets its own listener: the statement in
 * flight fails with the error, the pool drops the client on release, and the next query connects anew.
 * Reads sent through the pool (outside a transaction) are tried again on a new connection; writes are
 * not, since whether they ran is unknown — their callers decide.
 */
function resilientPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  const warn = (error: unknown) => process.emitWarning(`PostgreSQL connection lost: ${errorMessage(error)}`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  // drizzle's transaction() checks a client out and gives it back in a `finally` that a failed BEGIN never
  // reaches: a connection cut during BEGIN would keep its slot for good, and enough restarts would exhaust
  // the pool. A checked-out client whose connection ends is given back (and dropped) at once; giving it
  // back again later is a no-op.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the wrapper forwards its arguments unchanged to pool.connect, so it keeps every overload's contract
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args); // pg-pool's own callback use (pool.query)
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- connect() without a callback is the overload that answers Promise<PoolClient>
    return (connect() as Promise<pg.PoolClient>).then(releaseWhenLost);
  }) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the wrapper forwards its arguments unchanged to pool.query (or retries the same call), so it keeps every overload's contract
  pool.query = ((...args: unknown[]) => {
    const callback = args.some((arg) => typeof arg === 'function');
    if (callback || !READ_ONLY.test(statementText(args[0]))) return query(...args);
    return retryOnConnectionLoss(() => query(...args), { onRetry: warn });
  }) as typeof pool.query;
  return pool;
}

/** `memory://`, `postgres://…`/`postgresql://…`, or a directory for PGlite. */
export async function openDatabase<TSchema extends Record<string, unknown>>(
  url: string,
  definition: DatabaseDefinition<TSchema>,
): Promise<DatabaseHandle<TSchema>> {
  const { schema } = definition;
  const migrationConfig = {
    migrationsFolder: definition.migrationsFolder,
    ...(definition.migrationsTable ? { migrationsTable: definition.migrationsTable } : {}),
  };
  if (isPostgresUrl(url)) {
    const pool = resilientPool(url, definition.poolSize ?? 10);
    const db = drizzlePostgres(pool, { schema });
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [definition.migrationLockKey]);
      await migratePostgres(db, migrationConfig);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [definition.migrationLockKey]).catch(() => {});
      lock.release();
    }
    const listeners: PostgresListener[] = [];
    const { host, pathname } = new URL(url);
    return {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- drizzle's node-postgres database is a PgDatabase of this schema; only its query-result type parameter differs, which callers never read (queryRows reads rows, which both drivers answer)
      db: db as unknown as Database<TSchema>,
      kind: 'postgres',
      description: `postgres://${host}${pathname}`,
      async listen(channel, handlers) {
        const listener = new PostgresListener(url, channel, handlers);
        listeners.push(listener);
        await listener.start();
        return () => listener.stop();
      },
      // pg runs text without values as a simple query, which may hold several statements.
      executeSql: (text, values) => pool.query(text, values),
      close: async () => {
        await Promise.all(listeners.map((listener) => listener.stop()));
        await pool.end();
      },
    };
  }
  const inMemory = url === 'memory://';
  const unlock = inMemory ? () => {} : lockDirectory(url);
  try {
    const fresh = inMemory || !existsSync(join(url, 'PG_VERSION'));
    const options = {
      ...(definition.pgliteConfig ? { postgresqlconf: definition.pgliteConfig } : {}),
      ...(fresh ? { loadDataDir: definition.pgliteDataDir ?? (await freshClusterTemplate()) } : {}),
    };
    const client = inMemory ? new TurnTakingPGlite(options) : new TurnTakingPGlite(url, options);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, migrationConfig);
    return {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- drizzle's PGlite database is a PgDatabase of this schema; only its query-result type parameter differs, which callers never read (queryRows reads rows, which both drivers answer)
      db: db as unknown as Database<TSchema>,
      kind: 'pglite',
      description: inMemory ? 'PGlite in memory' : `PGlite at ${url}`,
      async listen(channel, handlers) {
        // One process owns a PGlite database, so its notifications are this process's own.
        return client.listen(channel, (payload) => handlers.onNotify(payload));
      },
      // PGlite's query() takes one statement: a script without values goes through exec().
      executeSql: async (text, values) =>
        values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
      dumpDataDir: () => client.dumpDataDir('none'),
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
export async function queryRows<Row>(db: Database<Record<string, unknown>>, query: SQL): Promise<Row[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion, @typescript-eslint/no-unsafe-type-assertion -- pg and PGlite both answer {rows}; Row states the columns of the caller's own SQL, which no type can check
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** NOTIFY on a channel; the payload is plain text (at most 8000 bytes). */
export async function notify(
  db: Database<Record<string, unknown>>,
  channel: string,
  payload: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
