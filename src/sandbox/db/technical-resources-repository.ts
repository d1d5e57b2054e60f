import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import type { Database } from './connect.ts';
import { producerContracts, technicalResources } from './schema.ts';

export type NewTechnicalResource = Omit<typeof technicalResources.$inferInsert, 'createdAt'>;

/** Redispatch technical resources: one per `technical_resource_id`, on an existing producer contract. */
export function createTechnicalResourcesRepository(db: Database) {
  return {
    async contractExists(contractId: string): Promise<boolean> {
      const [contract] = await db
        .select({ contractId: producerContracts.contractId })
        .from(producerContracts)
        .where(eq(producerContracts.contractId, contractId))
        .limit(1);
      return contract !== undefined;
    },

    async store(resource: NewTechnicalResource): Promise<'stored' | 'id-taken'> {
      try {
        await db.insert(technicalResources).values(resource);
        return 'stored';
      } catch (error) {
        if (isUniqueViolation(error)) return 'id-taken';
        throw error;
      }
    },
  };
}

export type TechnicalResourcesRepository = ReturnType<typeof createTechnicalResourcesRepository>;
