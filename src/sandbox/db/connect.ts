import { resolve } from 'node:path';
import {
  openDatabase as openSharedDatabase,
  type Database as SharedDatabase,
  type DatabaseHandle as SharedDatabaseHandle,
} from '../../node-shared/db/connect.ts';
import * as schema from './schema.ts';

export { queryRows, toNumber } from '../../node-shared/db/connect.ts';

export type Database = SharedDatabase<typeof schema>;
export type DatabaseHandle = SharedDatabaseHandle<typeof schema>;

/**
 * The sandbox's database: `memory://`, `postgres://…`/`postgresql://…`, or a directory for PGlite; a new
 * PGlite database starts from `pgliteDataDir` when given (a dump of a seeded one, in tests).
 */
export function openDatabase(url: string, pgliteDataDir?: Blob): Promise<DatabaseHandle> {
  return openSharedDatabase(url, {
    schema,
    migrationsFolder: resolve(import.meta.dirname, 'migrations'),
    migrationLockKey: 0x5a4d_0001,
    // 32 MB of shared buffers hold the whole feed table and index; the default 128 MB only costs RSS.
    pgliteConfig: ['shared_buffers=32MB'],
    ...(pgliteDataDir ? { pgliteDataDir } : {}),
  });
}
