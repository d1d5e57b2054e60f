import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import { openBffDatabase, type BffDatabaseHandle } from '../db/connect.ts';

/** Both databases the BFF supports; the store suites run on each. */
export const BFF_DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type BffDatabaseKind = (typeof BFF_DATABASE_KINDS)[number];

export interface TestBffDatabase {
  /** Another handle on the same data: a second replica (PostgreSQL) or null (PGlite has one owner). */
  openReplica(): Promise<BffDatabaseHandle | null>;
  handle: BffDatabaseHandle;
  close(): Promise<void>;
}

export async function openTestBffDatabase(kind: BffDatabaseKind): Promise<TestBffDatabase> {
  if (kind === 'pglite') {
    const handle = await openBffDatabase('memory://');
    return { handle, openReplica: async () => null, close: () => handle.close() };
  }
  const postgres = await createPostgresDatabase();
  const handle = await openBffDatabase(postgres.url);
  const replicas: BffDatabaseHandle[] = [];
  return {
    handle,
    async openReplica() {
      const replica = await openBffDatabase(postgres.url);
      replicas.push(replica);
      return replica;
    },
    async close() {
      await Promise.all([handle, ...replicas].map((open) => open.close()));
      await postgres.drop();
    },
  };
}
