import type { ChargeRecord } from '../../contract/api/charges.ts';
import type { ChargeExecution } from '../../contract/charge-schedule.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import type { Database } from './connect.ts';
import { findProducerContract } from './producers.ts';
import { chargeExecutions, chargeRequests } from './schema.ts';

/** One execution to store: the record the API answers with and the schedule entry behind it (VAT split). */
export interface ExecutionToBook {
  record: ChargeRecord;
  scheduled: ChargeExecution;
}

/** Charges and credits (spec 4.7): the contract they are booked on, and the booking itself. */
export function createChargesRepository(db: Database) {
  return {
    findProducerContract: (userId: string, contractId: string) =>
      findProducerContract(db, userId, contractId),

    /**
     * Every execution of one request in one transaction. `input_id` is unique per contract by
     * constraint, so of two concurrent requests with one `input_id` only one is booked.
     */
    async book(
      contractId: string,
      inputId: string,
      executions: readonly ExecutionToBook[],
    ): Promise<'booked' | 'input-id-taken'> {
      try {
        await db.transaction(async (tx) => {
          const [stored] = await tx
            .insert(chargeRequests)
            .values({ contractId, inputId })
            .returning({ id: chargeRequests.id });
          await tx.insert(chargeExecutions).values(
            executions.map(({ record, scheduled }) => ({
              requestId: stored!.id,
              n: scheduled.n,
              internalId: record.internal_id,
              contractId: record.contract_id,
              inputId: record.input_id,
              typeOfTransaction: record.type_of_transaction,
              amountCent: record.amount_cent,
              isGross: record.is_gross,
              vatType: record.vat_type,
              vatRatePercent: scheduled.ratePercent,
              netCent: scheduled.netCent,
              vatCent: scheduled.vatCent,
              grossCent: scheduled.grossCent,
              dueDate: record.due_date,
              category: record.category,
              displayName: record.display_name,
              explanationText: record.explanation_text,
              bookkeepingAccount: record.bookkeeping_account,
              salespartner: record.salespartner,
            })),
          );
        });
        return 'booked';
      } catch (error) {
        if (isUniqueViolation(error)) return 'input-id-taken';
        throw error;
      }
    },
  };
}

export type ChargesRepository = ReturnType<typeof createChargesRepository>;
