import { join, resolve } from 'node:path';
import { openDatabase, type Database, type DatabaseHandle } from '../../node-shared/db/connect.ts';
import * as schema from './schema.ts';

export type BffDatabase = Database<typeof schema>;
export type BffDatabaseHandle = DatabaseHandle<typeof schema>;

/**
 * The BFF's database: PostgreSQL at `BFF_DATABASE_URL` (shared by every replica), else embedded PGlite
 * in `<BFF_DATA_DIR>/db` (one process). `memory://` is for tests.
 */
export function openBffDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<BffDatabaseHandle> {
  return openDatabase(databaseUrl ?? join(dataDir, 'db'), {
    schema,
    migrationsFolder: resolve(import.meta.dirname, 'migrations'),
    migrationsTable: '__bff_migrations',
    migrationLockKey: 0x5a4d_0002,
    // Accounts, sessions and the audit are small: keep PGlite's memory small too.
    pgliteConfig: ['shared_buffers=16MB'],
    poolSize: 5,
  });
}
