import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod/mini';
import { toRoutePath, type Operation } from '../../contract/api/operations.ts';
import { DetailError, NOT_FOUND } from '../errors.ts';

/** What a zod schema of the table gives the handler once it passed (`unknown` where there is none). */
type Validated<Schema> = Schema extends z.ZodMiniType ? z.output<Schema> : unknown;

/** The request of an operation's route as its own schemas from the contract's table leave it. */
interface OperationRoute<O extends Operation> extends RouteGenericInterface {
  Params: Validated<O['params']>;
  Querystring: Validated<O['query']>;
  Body: Validated<O['body']>;
}

export type OperationHandler<O extends Operation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  OperationRoute<O>
>;

/** The request as the handler of an operation sees it. */
export type OperationRequest<O extends Operation> = Parameters<OperationHandler<O>>[0];

/**
 * A path whose IDs do not match is answered as URL resolution would: 404, before the token is
 * looked at (onRequest, ahead of authentication; route validation only runs after it).
 */
function refuseUnknownPathIds(params: z.ZodMiniType) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!params.safeParse(request.params).success) throw new DetailError(404, NOT_FOUND);
  };
}

/**
 * Registers one spec operation from the contract: its path, method and zod schemas come from
 * `OPERATIONS`, so the sandbox, the BFF allowlist and the OpenAPI document cannot drift apart.
 * The schemas validate (`zodValidatorCompiler`: refusals in DRF's words), and their outputs type the
 * handler's `request.params`, `.query` and `.body` (`OperationRoute`): no cast of request data.
 */
export function registerOperation<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  auth: onRequestAsyncHookHandler,
  handler: OperationHandler<O>,
): void {
  app.route<OperationRoute<O>>({
    method: operation.method,
    url: toRoutePath(operation.path),
    // Only the parts the operation has: Fastify warns about a part given as undefined.
    schema: {
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
    },
    onRequest: operation.params ? [refuseUnknownPathIds(operation.params), auth] : auth,
    handler,
  });
}
