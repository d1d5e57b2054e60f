import { join, resolve } from 'node:path';
import { openDatabase, type Database, type DatabaseHandle } from '../../node-shared/db/connect.ts';
import * as schema from './schema.ts';

export type BffDatabase = Database<typeof schema>;
export type BffDatabaseHandle = DatabaseHandle<typeof schema>;

/** Where the database is when `BFF_DATABASE_URL` is unset: embedded PGlite in the data directory (one process). */
export const embeddedDatabasePath = (dataDir: string) => join(dataDir, 'db');

/** The BFF's database: `postgres://…` (shared by every replica), a PGlite directory, or `memory://` (tests). */
export function openBffDatabase(url: string): Promise<BffDatabaseHandle> {
  return openDatabase(url, {
    schema,
    migrationsFolder: resolve(import.meta.dirname, 'migrations'),
    migrationsTable: '__bff_migrations',
    migrationLockKey: 0x5a4d_0002,
    // Accounts, sessions and the audit are small: keep PGlite's memory small too.
    pgliteConfig: ['shared_buffers=16MB'],
    poolSize: 5,
  });
}
