import { and, eq } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { producerContracts } from './schema.ts';

export type ProducerContract = typeof producerContracts.$inferSelect;

/** The contract when it exists and belongs to the producer, else null (the caller answers 404). */
export async function findProducerContract(
  db: Database,
  userId: string,
  contractId: string,
): Promise<ProducerContract | null> {
  const [contract] = await db
    .select()
    .from(producerContracts)
    .where(and(eq(producerContracts.userId, userId), eq(producerContracts.contractId, contractId)))
    .limit(1);
  return contract ?? null;
}

/**
 * `findProducerContract` remembering what it found: producer contracts are only ever created by the seed,
 * so a contract once found stays valid. Misses are not remembered (anyone can ask for made-up IDs).
 */
export function producerContractLookup(db: Database) {
  const found = new Map<string, ProducerContract>();
  return async (userId: string, contractId: string): Promise<ProducerContract | null> => {
    const key = `${userId}\u0000${contractId}`;
    const cached = found.get(key);
    if (cached) return cached;
    const contract = await findProducerContract(db, userId, contractId);
    if (contract) found.set(key, contract);
    return contract;
  };
}
