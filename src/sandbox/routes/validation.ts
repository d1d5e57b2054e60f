import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { operationById, type Operation } from '../../contract/api/operations.ts';
import { checkDeliveryStart } from '../../contract/delivery-start.ts';
import { ibanProblem } from '../../contract/iban.ts';
import { marketLocationProblem } from '../../contract/market-location.ts';
import { DetailError } from '../errors.ts';
import { registerOperation, type OperationRequest } from './operation-route.ts';

/** Why a value is refused: the spec's `detail` and any extra members, or null when it is valid. */
type Refusal = { detail: string; earliest_possible_delivery_start?: string } | null;

const refusalOf = (detail: string | null): Refusal => (detail === null ? null : { detail });

/** The three validation helpers (spec 4.3-4.5): 200 without body, or 400 `{detail, …}`. */
export function registerValidationRoutes(
  app: FastifyInstance,
  auth: onRequestAsyncHookHandler,
  today: () => string,
): void {
  function registerCheck<O extends Operation>(
    operation: O,
    check: (query: OperationRequest<O>['query']) => Refusal,
  ): void {
    registerOperation(app, operation, auth, async (request, reply) => {
      const refusal = check(request.query);
      if (refusal) {
        const { detail, ...extra } = refusal;
        throw new DetailError(400, detail, extra);
      }
      return reply.code(200).send();
    });
  }

  registerCheck(operationById('validation_bank_data_iban_retrieve'), (query) =>
    refusalOf(ibanProblem(query.iban)),
  );
  registerCheck(operationById('validation_market_location_retrieve'), (query) =>
    refusalOf(marketLocationProblem(query.market_location_id)),
  );
  registerCheck(operationById('validation_preferred_delivery_start_retrieve'), (query) => {
    const verdict = checkDeliveryStart(
      today(),
      query.preferred_delivery_start,
      query.customer_type,
      query.change_reason,
    );
    if (verdict.ok) return null;
    const { ok: _ok, ...refusal } = verdict;
    return refusal;
  });
}
