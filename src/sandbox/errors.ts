import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../contract/api/common.ts';
import { isConnectionLoss } from '../node-shared/db/errors.ts';

/** A 400 with the spec's field error body. */
export class FieldErrorsError extends Error {
  readonly statusCode = 400;
  constructor(readonly fieldErrors: FieldErrors) {
    super('invalid input');
    this.name = 'FieldErrorsError';
  }
}

/** A non-2xx answer with `{detail}` (and optional extra members). */
export class DetailError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'DetailError';
  }
}

export const NOT_FOUND = 'Not found.';

/** One place that turns every failure into the spec's shapes; 5xx internals never leave the process. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ detail: NOT_FOUND });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldErrorsError) return reply.code(400).send(error.fieldErrors);
    if (error instanceof DetailError)
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, ...error.extra });
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'Request body exceeds the limit of 1 MB.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .code(415)
          .send({ detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.` });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'JSON parse error - the body is empty.' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send({ detail: `JSON parse error - ${error.message}` });
    }
    if (isConnectionLoss(error)) {
      // The database went away mid-request (a restart, a failover): the transaction rolled back.
      request.log.warn({ err: error.message }, 'database connection lost');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: 'The service lost its database connection; nothing was stored. Try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = error instanceof SyntaxError ? `JSON parse error - ${error.message}` : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
}

/**
 * Errors Fastify raises before routing (its `frameworkErrors` option): a malformed percent-encoding,
 * a path parameter over the router's length limit. Answered `{detail}` like every other failure.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void reply.code(414).send({ detail: 'A part of the address is too long.' });
  else void reply.code(400).send({ detail: 'The address is not valid.' });
}
