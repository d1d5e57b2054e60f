import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type {
  ConsumerMigrationRecord,
  ConsumerMigrationRequest,
} from '../../contract/api/consumer-migration.ts';
import { noticePeriodUnitFor, subscriptionReasonFor } from '../../contract/consumer-migration-rules.ts';
import type { Database } from '../db/connect.ts';
import { isUniqueViolation } from '../../node-shared/db/errors.ts';
import { consumerMigrations } from '../db/schema.ts';
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

export function registerConsumerRoutes(app: FastifyInstance, auth: onRequestHookHandler, db: Database): void {
  registerOperation<unknown, ConsumerMigrationRequest>(
    app,
    'migrations_consumers_create',
    auth,
    async (request, reply) => {
      const { userID } = request.params as { userID: string };
      const record = toMigrationRecord(userID, request.body);
      try {
        await db.insert(consumerMigrations).values({ userId: userID, record });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DetailError(400, CONSUMER_EXISTS);
        throw error;
      }
      return reply.code(201).send(record);
    },
  );
}
