import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type {
  ConsumerMigrationRecord,
  ConsumerMigrationRequest,
} from '../../contract/api/consumer-migration.ts';
import { noticePeriodUnitFor, subscriptionReasonFor } from '../../contract/consumer-migration-rules.ts';
import { operationById } from '../../contract/api/operations.ts';
import type { ConsumersRepository } from '../db/consumers-repository.ts';
import { DetailError } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

export const CONSUMER_EXISTS = 'A consumer with this user ID has already been migrated.';

/**
 * The response-only fields (docs/spec-decisions.md), derived by the contract's rules the console shows
 * while staff type: `subscription_reason` E03 (supplier switch) when a previous supplier is named, else
 * E01; no salutation can be derived from the request, so null; the notice period's unit is months.
 */
export function toMigrationRecord(
  userId: string,
  request: ConsumerMigrationRequest,
): ConsumerMigrationRecord {
  return {
    ...request,
    user_id: userId,
    contract_relationships: (request.contract_relationships ?? []).map((relationship) => ({
      ...relationship,
      relationship_type: 'contract_is_paid_by',
    })),
    salutation: null,
    subscription_reason: subscriptionReasonFor(request),
    contract_notice_period_unit: noticePeriodUnitFor(request),
  };
}

export function registerConsumerRoutes(
  app: FastifyInstance,
  auth: onRequestAsyncHookHandler,
  consumers: ConsumersRepository,
): void {
  registerOperation(app, operationById('migrations_consumers_create'), auth, async (request, reply) => {
    const record = toMigrationRecord(request.params.userID, request.body);
    if ((await consumers.storeMigration(record)) === 'user-id-taken')
      throw new DetailError(400, CONSUMER_EXISTS);
    return reply.code(201).send(record);
  });
}
