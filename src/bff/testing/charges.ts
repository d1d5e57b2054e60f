import { like } from 'drizzle-orm';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { chargeRequests } from '../../sandbox/db/schema.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';

/** A charge of `amountCent` gross (one execution unless told), input_id `inputId`. */
export const charge = (inputId: string, amountCent = 150_000, extra: Record<string, unknown> = {}) => ({
  ...exampleCharge,
  type_of_transaction: 'charge',
  amount_cent: amountCent,
  input_id: inputId,
  ...extra,
});

/** How many charges the sandbox stored whose input_id matches `pattern` (SQL LIKE: `split-%`). */
export async function bookedTimes(sandbox: TestSandbox, pattern: string): Promise<number> {
  const rows = await sandbox.database.db
    .select({ inputId: chargeRequests.inputId })
    .from(chargeRequests)
    .where(like(chargeRequests.inputId, pattern));
  return rows.length;
}
