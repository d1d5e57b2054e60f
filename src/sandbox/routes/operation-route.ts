import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { operationById, toRoutePath, type OperationId } from '../../contract/api/operations.ts';

export interface OperationRequest<Query = unknown, Body = unknown> extends FastifyRequest {
  query: Query;
  body: Body;
  params: Record<string, string>;
}

/**
 * Registers one spec operation from the contract: its path, method and zod schemas come from
 * `OPERATIONS`, so the sandbox, the BFF allowlist and the OpenAPI document cannot drift apart.
 */
export function registerOperation<Query = unknown, Body = unknown>(
  app: FastifyInstance,
  id: OperationId,
  auth: onRequestHookHandler,
  handler: (request: OperationRequest<Query, Body>, reply: FastifyReply) => Promise<unknown>,
): void {
  const operation = operationById(id);
  app.route({
    method: operation.method,
    url: toRoutePath(operation.path),
    schema: {
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
    },
    onRequest: auth,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
