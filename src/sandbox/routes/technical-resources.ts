import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { operationById } from '../../contract/api/operations.ts';
import type { TechnicalResourceResponse } from '../../contract/api/technical-resources.ts';
import type { TechnicalResourcesRepository } from '../db/technical-resources-repository.ts';
import { FieldErrorsError } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

/** Redispatch 2.0: the sandbox answers the planned-value model Z01 (domain-rules.md). */
export const DEFAULT_ACCOUNTING_MODEL = 'Z01';

export function registerTechnicalResourceRoutes(
  app: FastifyInstance,
  auth: onRequestAsyncHookHandler,
  technicalResources: TechnicalResourcesRepository,
): void {
  registerOperation(
    app,
    operationById('master_data_changes_redispatch_technical_resources_create'),
    auth,
    async (request, reply) => {
      const body = request.body;
      if (!(await technicalResources.contractExists(body.contract_id)))
        throw new FieldErrorsError({
          contract_id: [`Object with contract_id=${body.contract_id} does not exist.`],
        });
      const stored = await technicalResources.store({
        technicalResourceId: body.technical_resource_id,
        contractId: body.contract_id,
        controlResource: body.control_resource,
        marketLocationFeed: body.market_location_feed,
        marketLocationSupply: body.market_location_supply,
        accountingModel: DEFAULT_ACCOUNTING_MODEL,
      });
      if (stored === 'id-taken') {
        throw new FieldErrorsError({
          technical_resource_id: ['A technical resource with this technical_resource_id already exists.'],
        });
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
