import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { operationById } from '../../contract/api/operations.ts';
import { checkDeliveryStart } from '../../contract/delivery-start.ts';
import { ibanProblem } from '../../contract/iban.ts';
import { marketLocationProblem } from '../../contract/market-location.ts';
import { DetailError } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

/** Why a value is refused: the spec's `detail` and any extra members, or null when it is valid. */
type Refusal = { detail: string; earliest_possible_delivery_start?: string } | null;

const refusalOf = (detail: string | null): Refusal => (detail === null ? null : { detail });

/** A refused value is a 400 `{detail, …}`; a valid one passes. */
function throwRefusal(refusal: Refusal): void {
  if (!refusal) return;
  const { detail, ...extra } = refusal;
  throw new DetailError(400, detail, extra);
}

/** The three validation helpers (spec 4.3-4.5): 200 without body, or 400 `{detail, …}`. */
export function registerValidationRoutes(
  app: FastifyInstance,
  auth: onRequestHookHandler,
  today: () => string,
): void {
  registerOperation(
    app,
    operationById('validation_bank_data_iban_retrieve'),
    auth,
    async (request, reply) => {
      throwRefusal(refusalOf(ibanProblem(request.query.iban)));
      return reply.code(200).send();
    },
  );
  registerOperation(
    app,
    operationById('validation_market_location_retrieve'),
    auth,
    async (request, reply) => {
      throwRefusal(refusalOf(marketLocationProblem(request.query.market_location_id)));
      return reply.code(200).send();
    },
  );
  registerOperation(
    app,
    operationById('validation_preferred_delivery_start_retrieve'),
    auth,
    async (request, reply) => {
      const { preferred_delivery_start, customer_type, change_reason } = request.query;
      const verdict = checkDeliveryStart(today(), preferred_delivery_start, customer_type, change_reason);
      if (!verdict.ok) {
        const { ok: _ok, ...refusal } = verdict;
        throwRefusal(refusal);
      }
      return reply.code(200).send();
    },
  );
}
