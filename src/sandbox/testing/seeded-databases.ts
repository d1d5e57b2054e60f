import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/connect.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../../node-shared/db/testing/postgres.ts';
import { errorCode, errorMessage } from '../../node-shared/error-fields.ts';

/**
 * Seeding writes 210,336 feed values (~3 s a sandbox, over 30 starts a run); loading a seeded copy takes a
 * fraction of that. The run's global setup (global-setup.ts) names a directory in this variable and seeds
 * each database kind once into it; every test sandbox of the run starts from a copy. Without it (a bench, a
 * run without the global setup) every test sandbox seeds itself, as `npm start` does.
 */
export const SEEDED_RUN_DIR_ENV = 'SANDBOX_TEST_SEEDED_DIR';

const PGLITE_DUMP = 'seeded-pglite.tar';
/** Holds the name of the seeded PostgreSQL template database. */
const POSTGRES_TEMPLATE = 'seeded-postgres-template';
const WAIT_FOR_OTHER_WORKER_MS = 300_000;

/**
 * The run's file `name`, made by `make` in the first process that asks (an exclusive lock file says which:
 * the global setup's, unless a test asks first); the others wait for it. Undefined without the directory.
 */
async function madeOncePerRun(
  name: string,
  make: (file: string) => Promise<void>,
): Promise<string | undefined> {
  const directory = process.env[SEEDED_RUN_DIR_ENV];
  if (!directory) return undefined;
  const file = join(directory, name);
  const failed = `${file}.failed`;
  try {
    closeSync(openSync(`${file}.lock`, 'wx'));
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    const deadline = Date.now() + WAIT_FOR_OTHER_WORKER_MS;
    while (!existsSync(file)) {
      if (existsSync(failed)) throw new Error(`seeding ${name} failed: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline)
        throw new Error(`${name} was not seeded within ${WAIT_FOR_OTHER_WORKER_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return file;
  }
  try {
    await make(`${file}.partial`);
    renameSync(`${file}.partial`, file);
    return file;
  } catch (error) {
    writeFileSync(failed, errorMessage(error));
    throw error;
  }
}

/** Seeds an in-memory PGlite and writes its data directory to `file` (a tar). */
async function writeSeededPgliteDump(file: string): Promise<void> {
  const database = await openDatabase('memory://');
  try {
    await seedIfEmpty(database.db);
    const dump = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Seeds a new PostgreSQL database, closes it, and writes its name to `file`. */
async function writeSeededPostgresTemplate(file: string): Promise<void> {
  const template = await createPostgresDatabase();
  try {
    const database = await openDatabase(template.url);
    try {
      await seedIfEmpty(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  await writeFile(file, template.name);
}

/**
 * Seeds both kinds for the run (the global setup, before any test and outside every hook's time limit: on a
 * loaded machine seeding has taken minutes). Settled either way: a kind that failed fails its sandboxes.
 */
export async function seedDatabasesForRun(): Promise<void> {
  await Promise.allSettled([
    madeOncePerRun(PGLITE_DUMP, writeSeededPgliteDump),
    madeOncePerRun(POSTGRES_TEMPLATE, writeSeededPostgresTemplate),
  ]);
}

let pgliteDump: Promise<Blob> | undefined;

/** The run's seeded PGlite data directory (a tar), read once per worker; undefined without the global setup. */
export async function seededPgliteDump(): Promise<Blob | undefined> {
  if (!process.env[SEEDED_RUN_DIR_ENV]) return undefined;
  pgliteDump ??= madeOncePerRun(PGLITE_DUMP, writeSeededPgliteDump).then(
    async (file) => new Blob([await readFile(file!)]),
  );
  return pgliteDump;
}

/** The name of the run's seeded PostgreSQL database, closed, for `CREATE DATABASE … TEMPLATE`. */
export async function seededPostgresTemplate(): Promise<string | undefined> {
  const file = await madeOncePerRun(POSTGRES_TEMPLATE, writeSeededPostgresTemplate);
  return file ? (await readFile(file, 'utf8')).trim() : undefined;
}

/** Drops the run's seeded PostgreSQL template, if a test made one (the global setup's teardown). */
export async function dropSeededPostgresTemplate(directory: string): Promise<void> {
  const file = join(directory, POSTGRES_TEMPLATE);
  if (!existsSync(file)) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(readFileSync(file, 'utf8').trim())} WITH (FORCE)`,
    );
  } finally {
    await admin.end();
  }
}
