import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ChargeRecord } from '../../contract/api/charges.ts';
import { operationById } from '../../contract/api/operations.ts';
import { chargeSchedule } from '../../contract/charge-schedule.ts';
import type { ChargesRepository } from '../db/charges-repository.ts';
import { DetailError, FieldErrorsError, NOT_FOUND } from '../errors.ts';
import { salespartnerOf } from './salespartner.ts';
import { registerOperation } from './operation-route.ts';

export const INPUT_ID_TAKEN = 'A charge or credit with this input_id already exists for this contract.';

/** Spec 4.7: every execution of the schedule booked at once; a repeated `input_id` is refused. */
export function registerChargeRoutes(
  app: FastifyInstance,
  auth: onRequestAsyncHookHandler,
  charges: ChargesRepository,
): void {
  registerOperation(
    app,
    operationById('producers_contracts_charges_and_credits_create'),
    auth,
    async (request, reply) => {
      const { userID, contractID } = request.params;
      const contract = await charges.findProducerContract(userID, contractID);
      if (!contract) throw new DetailError(404, NOT_FOUND);
      const body = request.body;
      const salespartner = salespartnerOf(request, contract.salespartner);
      const executions = chargeSchedule(body).map((scheduled) => {
        const record: ChargeRecord = {
          type_of_transaction: body.type_of_transaction,
          amount_cent: body.amount_cent,
          is_gross: body.is_gross,
          vat_type: body.vat_type,
          due_date: scheduled.due_date,
          input_id: body.input_id,
          internal_id: scheduled.internal_id,
          contract_id: contract.contractId,
          category: body.category ?? '',
          display_name: body.display_name,
          explanation_text: body.explanation_text ?? '',
          bookkeeping_account: body.bookkeeping_account ?? '',
          salespartner,
        };
        return { record, scheduled };
      });
      const booking = await charges.book(contract.contractId, body.input_id, executions);
      if (booking === 'input-id-taken') throw new FieldErrorsError({ input_id: [INPUT_ID_TAKEN] });
      return reply.code(201).send({
        contract_id: contract.contractId,
        bonus_created: executions.map(({ record }) => ({ [record.input_id]: record })),
      });
    },
  );
}
