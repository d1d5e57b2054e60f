import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ChargeRecord, ChargeRequest } from '../../contract/api/charges.ts';
import { chargeSchedule } from '../../contract/charge-schedule.ts';
import type { Database } from '../db/connect.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import { findProducerContract } from '../db/producers.ts';
import { chargeExecutions, chargeRequests } from '../db/schema.ts';
import { DetailError, FieldErrorsError, NOT_FOUND } from '../errors.ts';
import { salespartnerOf } from './salespartner.ts';
import { registerOperation } from './operation-route.ts';

export const INPUT_ID_TAKEN = 'A charge or credit with this input_id already exists for this contract.';

/** Spec 4.7: every execution stored in one transaction; `input_id` unique per contract by constraint. */
export function registerChargeRoutes(app: FastifyInstance, auth: onRequestHookHandler, db: Database): void {
  registerOperation<unknown, ChargeRequest>(
    app,
    'producers_contracts_charges_and_credits_create',
    auth,
    async (request, reply) => {
      const { userID, contractID } = request.params as { userID: string; contractID: string };
      const contract = await findProducerContract(db, userID, contractID);
      if (!contract) throw new DetailError(404, NOT_FOUND);
      const body = request.body;
      const salespartner = salespartnerOf(request, contract.salespartner);
      const schedule = chargeSchedule(body);
      const records: ChargeRecord[] = schedule.map((execution) => ({
        type_of_transaction: body.type_of_transaction,
        amount_cent: body.amount_cent,
        is_gross: body.is_gross,
        vat_type: body.vat_type,
        due_date: execution.due_date,
        input_id: body.input_id,
        internal_id: execution.internal_id,
        contract_id: contract.contractId,
        category: body.category ?? '',
        display_name: body.display_name,
        explanation_text: body.explanation_text ?? '',
        bookkeeping_account: body.bookkeeping_account ?? '',
        salespartner,
      }));
      try {
        await db.transaction(async (tx) => {
          const [stored] = await tx
            .insert(chargeRequests)
            .values({ contractId: contract.contractId, inputId: body.input_id })
            .returning({ id: chargeRequests.id });
          await tx.insert(chargeExecutions).values(
            records.map((record, index) => ({
              requestId: stored!.id,
              n: index + 1,
              internalId: record.internal_id,
              contractId: record.contract_id,
              inputId: record.input_id,
              typeOfTransaction: record.type_of_transaction,
              amountCent: record.amount_cent,
              isGross: record.is_gross,
              vatType: record.vat_type,
              vatRatePercent: schedule[index]!.ratePercent,
              netCent: schedule[index]!.netCent,
              vatCent: schedule[index]!.vatCent,
              grossCent: schedule[index]!.grossCent,
              dueDate: record.due_date,
              category: record.category,
              displayName: record.display_name,
              explanationText: record.explanation_text,
              bookkeepingAccount: record.bookkeeping_account,
              salespartner,
            })),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new FieldErrorsError({ input_id: [INPUT_ID_TAKEN] });
        throw error;
      }
      return reply.code(201).send({
        contract_id: contract.contractId,
        bonus_created: records.map((record) => ({ [record.input_id]: record })),
      });
    },
  );
}
