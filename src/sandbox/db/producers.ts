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
