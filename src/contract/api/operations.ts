import { z } from 'zod/mini';
import { chargeRequestSchema, chargeResponseSchema } from './charges.ts';
import { detailErrorSchema, fieldErrorsSchema, PATH_ID_PATTERN, pathParameterSchema } from './common.ts';
import { consumerMigrationRecordSchema, consumerMigrationRequestSchema } from './consumer-migration.ts';
import { feedPageSchema, feedQuerySchema } from './feed.ts';
import { technicalResourceRequestSchema, technicalResourceResponseSchema } from './technical-resources.ts';
import { OPERATION_PATHS } from './operation-paths.ts';
import type { Scope } from './token.ts';
import {
  deliveryStartErrorSchema,
  deliveryStartQuerySchema,
  ibanQuerySchema,
  marketLocationQuerySchema,
} from './validation.ts';

export type HttpMethod = 'GET' | 'POST';

export interface Operation {
  id: string;
  method: HttpMethod;
  /** Path with `{name}` parameters, as in the spec. */
  path: string;
  scope: Scope;
  tag: 'validation' | 'producers' | 'master_data' | 'consumers';
  summary: string;
  /** The `{name}`s of `path`, one member each (checked by a test). */
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** Success status and its body (null: no body). */
  success: { status: 200 | 201; schema: z.ZodMiniType | null };
  /** Error statuses besides 401/403 that the operation answers with. */
  errors: Partial<Record<400 | 404, z.ZodMiniType>>;
  /** Target ids the BFF audit records from the body. */
  auditBodyFields?: readonly string[];
}

/** `/v3/producers/{userID}/contracts/{contractID}/…` */
export const producerContractParamsSchema = z.object({
  userID: pathParameterSchema,
  contractID: pathParameterSchema,
});
/** `/v3/migrations/consumers/{userID}/` */
export const consumerParamsSchema = z.object({ userID: pathParameterSchema });

/** The spec's operations the console uses; the BFF forwards exactly these. */
export const OPERATIONS = [
  {
    id: 'validation_bank_data_iban_retrieve',
    method: 'GET',
    path: OPERATION_PATHS.validation_bank_data_iban_retrieve,
    scope: 'read',
    tag: 'validation',
    summary: 'Validate an IBAN',
    query: ibanQuerySchema,
    success: { status: 200, schema: null },
    errors: { 400: z.union([detailErrorSchema, fieldErrorsSchema]) },
  },
  {
    id: 'validation_market_location_retrieve',
    method: 'GET',
    path: OPERATION_PATHS.validation_market_location_retrieve,
    scope: 'read',
    tag: 'validation',
    summary: 'Validate a market location ID',
    query: marketLocationQuerySchema,
    success: { status: 200, schema: null },
    errors: { 400: z.union([detailErrorSchema, fieldErrorsSchema]) },
  },
  {
    id: 'validation_preferred_delivery_start_retrieve',
    method: 'GET',
    path: OPERATION_PATHS.validation_preferred_delivery_start_retrieve,
    scope: 'read',
    tag: 'validation',
    summary: 'Validate a preferred delivery start',
    query: deliveryStartQuerySchema,
    success: { status: 200, schema: null },
    errors: { 400: z.union([deliveryStartErrorSchema, fieldErrorsSchema]) },
  },
  {
    id: 'producers_contracts_feed_list',
    method: 'GET',
    path: OPERATION_PATHS.producers_contracts_feed_list,
    scope: 'read',
    tag: 'producers',
    summary: 'List feed-in data',
    params: producerContractParamsSchema,
    query: feedQuerySchema,
    success: { status: 200, schema: feedPageSchema },
    errors: { 400: fieldErrorsSchema, 404: detailErrorSchema },
  },
  {
    id: 'producers_contracts_charges_and_credits_create',
    method: 'POST',
    path: OPERATION_PATHS.producers_contracts_charges_and_credits_create,
    scope: 'write',
    tag: 'producers',
    summary: 'Create charges or credits',
    params: producerContractParamsSchema,
    body: chargeRequestSchema,
    success: { status: 201, schema: chargeResponseSchema },
    errors: { 400: z.union([fieldErrorsSchema, detailErrorSchema]), 404: detailErrorSchema },
    auditBodyFields: ['input_id'],
  },
  {
    id: 'migrations_consumers_create',
    method: 'POST',
    path: OPERATION_PATHS.migrations_consumers_create,
    scope: 'write',
    tag: 'consumers',
    summary: 'Create (migrate) a consumer',
    params: consumerParamsSchema,
    body: consumerMigrationRequestSchema,
    success: { status: 201, schema: consumerMigrationRecordSchema },
    errors: { 400: z.union([fieldErrorsSchema, detailErrorSchema]) },
  },
  {
    id: 'master_data_changes_redispatch_technical_resources_create',
    method: 'POST',
    path: OPERATION_PATHS.master_data_changes_redispatch_technical_resources_create,
    scope: 'write',
    tag: 'master_data',
    summary: 'Create a technical resource',
    body: technicalResourceRequestSchema,
    success: { status: 201, schema: technicalResourceResponseSchema },
    errors: { 400: z.union([fieldErrorsSchema, detailErrorSchema]) },
    auditBodyFields: ['contract_id', 'technical_resource_id'],
  },
] as const satisfies readonly Operation[];

export type OperationId = (typeof OPERATIONS)[number]['id'];
/** One operation with its own schemas' types, so a route on it gets typed params, query and body. */
export type OperationOf<Id extends OperationId> = Extract<(typeof OPERATIONS)[number], { id: Id }>;

export function operationById<Id extends OperationId>(id: Id): OperationOf<Id> {
  return OPERATIONS.find((candidate): candidate is OperationOf<Id> => candidate.id === id)!;
}

/** Names of the `{param}`s of a path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** `/v3/producers/{userID}/...` → `/v3/producers/:userID/...` (Fastify's syntax). */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const matchers = OPERATIONS.map((operation) => ({
  operation: operation,
  names: pathParameterNames(operation.path),
  pattern: new RegExp(
    `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '([\\w-]+)')}$`,
  ),
}));

export interface OperationMatch {
  operation: Operation;
  params: Record<string, string>;
}

/**
 * The allowlisted operation for a method and an already normalised path (no query string), or null.
 * Path parameters must match `^[\w-]+$` (spec section 4).
 */
export function matchOperation(method: string, path: string): OperationMatch | null {
  for (const { operation, names, pattern } of matchers) {
    if (operation.method !== method) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]));
    if (Object.values(params).every((value) => PATH_ID_PATTERN.test(value))) return { operation, params };
  }
  return null;
}
