import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { DeliveryStartQuery, IbanQuery, MarketLocationQuery } from '../../contract/api/validation.ts';
import { checkDeliveryStart } from '../../contract/delivery-start.ts';
import { ibanProblem } from '../../contract/iban.ts';
import { marketLocationProblem } from '../../contract/market-location.ts';
import { DetailError } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

/** The three validation helpers (spec 4.3-4.5): 200 without body, or 400 `{detail}`. */
export function registerValidationRoutes(
  app: FastifyInstance,
  auth: onRequestHookHandler,
  today: () => string,
): void {
  registerOperation<IbanQuery>(app, 'validation_bank_data_iban_retrieve', auth, async (request, reply) => {
    const problem = ibanProblem(request.query.iban);
    if (problem) throw new DetailError(400, problem);
    return reply.code(200).send();
  });
  registerOperation<MarketLocationQuery>(
    app,
    'validation_market_location_retrieve',
    auth,
    async (request, reply) => {
      const problem = marketLocationProblem(request.query.market_location_id);
      if (problem) throw new DetailError(400, problem);
      return reply.code(200).send();
    },
  );
  registerOperation<DeliveryStartQuery>(
    app,
    'validation_preferred_delivery_start_retrieve',
    auth,
    async (request, reply) => {
      const { preferred_delivery_start, customer_type, change_reason } = request.query;
      const verdict = checkDeliveryStart(today(), preferred_delivery_start, customer_type, change_reason);
      if (!verdict.ok) {
        const { detail, ...extra } = verdict as { detail: string };
        throw new DetailError(
          400,
          detail,
          Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'ok')),
        );
      }
      return reply.code(200).send();
    },
  );
}
