import type { ConsumerMigrationRecord } from '../../contract/api/consumer-migration.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import type { Database } from './connect.ts';
import { consumerMigrations } from './schema.ts';

/** Migrated consumers (spec 4.8): one record per user ID, unique by primary key. */
export function createConsumersRepository(db: Database) {
  return {
    async storeMigration(record: ConsumerMigrationRecord): Promise<'stored' | 'user-id-taken'> {
      try {
        await db.insert(consumerMigrations).values({ userId: record.user_id, record });
        return 'stored';
      } catch (error) {
        if (isUniqueViolation(error)) return 'user-id-taken';
        throw error;
      }
    },
  };
}

export type ConsumersRepository = ReturnType<typeof createConsumersRepository>;
