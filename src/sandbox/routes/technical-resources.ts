import { eq } from 'drizzle-orm';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type {
  TechnicalResourceRequest,
  TechnicalResourceResponse,
} from '../../contract/api/technical-resources.ts';
import type { Database } from '../db/connect.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import { producerContracts, technicalResources } from '../db/schema.ts';
import { FieldErrorsError } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

/** Redispatch 2.0: the sandbox answers the planned-value model Z01 (domain-rules.md). */
export const DEFAULT_ACCOUNTING_MODEL = 'Z01';

export function registerTechnicalResourceRoutes(
  app: FastifyInstance,
  auth: onRequestHookHandler,
  db: Database,
): void {
  registerOperation<unknown, TechnicalResourceRequest>(
    app,
    'master_data_changes_redispatch_technical_resources_create',
    auth,
    async (request, reply) => {
      const body = request.body;
      const [contract] = await db
        .select({ contractId: producerContracts.contractId })
        .from(producerContracts)
        .where(eq(producerContracts.contractId, body.contract_id))
        .limit(1);
      if (!contract)
        throw new FieldErrorsError({
          contract_id: [`Object with contract_id=${body.contract_id} does not exist.`],
        });
      try {
        await db.insert(technicalResources).values({
          technicalResourceId: body.technical_resource_id,
          contractId: body.contract_id,
          controlResource: body.control_resource,
          marketLocationFeed: body.market_location_feed,
          marketLocationSupply: body.market_location_supply,
          accountingModel: DEFAULT_ACCOUNTING_MODEL,
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new FieldErrorsError({
            technical_resource_id: ['A technical resource with this technical_resource_id already exists.'],
          });
        }
        throw error;
      }
      const response: TechnicalResourceResponse = {
        control_resource: body.control_resource,
        technical_resource_id: body.technical_resource_id,
        accounting_model: DEFAULT_ACCOUNTING_MODEL,
        market_location_feed: body.market_location_feed,
        market_location_supply: body.market_location_supply,
      };
      return reply.code(201).send(response);
    },
  );
}
