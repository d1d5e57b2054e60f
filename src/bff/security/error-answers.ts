import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import type { FieldErrors as FieldErrorsBody } from '../../contract/api/common.ts';
import { isConnectionLoss } from '../../node-shared/db/errors.ts';
import { errorCause, errorCode } from '../../node-shared/error-fields.ts';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { FieldErrors, HttpError } from '../http-error.ts';
import { addSecurityHeaders } from './security-headers.ts';

type AnyError = Error & { statusCode?: number; code?: string; cause?: unknown };

/** A driver error from PostgreSQL or PGlite somewhere in the cause chain (drizzle wraps it), with its SQLSTATE. */
function databaseError(error: unknown): { error: Error; code: string } | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = errorCode(current);
    if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) return { error: current, code };
    current = errorCause(current);
  }
  return null;
}

const FAILED_QUERY = /Failed query:[\s\S]*/;
const withoutQuery = (text: string | undefined) =>
  text?.replace(FAILED_QUERY, 'Failed query (SQL and parameters not logged)');

/**
 * What a log line may say about an error: type, SQLSTATE or code, message and stack — never the SQL
 * or its parameters (drizzle puts both in its message; they hold usernames, IBANs, names).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const database = databaseError(error);
  if (database) {
    return {
      type: database.error.name,
      code: database.code,
      message: database.error.message,
      ...(database.error !== error && error instanceof Error ? { wrappedBy: error.name } : {}),
    };
  }
  if (!(error instanceof Error)) return { message: String(error) };
  const message = withoutQuery(error.message);
  return {
    type: error.name,
    ...(errorCode(error) !== undefined ? { code: errorCode(error) } : {}),
    message,
    stack: error.stack?.replace(error.message, message ?? ''),
  };
}

/** 1048576 → "1 MB", 65536 → "64 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * A route schema's refusal (params, query or body) in the field-error shape `{field: [message, …]}`,
 * each schema's own words, a nested field as a dotted path, the whole value as `non_field_errors`.
 */
export function validationFieldErrors(issues: readonly ZodFastifySchemaValidationError[]): FieldErrorsBody {
  const fieldErrors: FieldErrorsBody = {};
  for (const issue of issues) {
    const key = issue.instancePath.split('/').slice(1).join('.') || 'non_field_errors';
    const messages = (fieldErrors[key] ??= []);
    const message = issue.message ?? 'Invalid input.';
    if (!messages.includes(message)) messages.push(message);
  }
  return fieldErrors;
}

const DATA_EXCEPTION = 'The request holds a value that cannot be stored.';
const CONFLICT = 'The request clashes with data already stored.';
const SERVER_FAILURE = 'Something went wrong in the console server.';
const DATABASE_LOST = 'The console lost its database connection: nothing was saved. Try again shortly.';

/**
 * The one error handler: every failure answers in the project's shapes (`{detail, code}` or field errors),
 * Fastify's own errors included, and a 5xx never carries internals.
 */
export function answerError(error: AnyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    // A refusal that says when to come back says it in the header too (RFC 9110 §10.2.3).
    if (error.figures.retry_after_seconds !== undefined)
      void reply.header('retry-after', String(error.figures.retry_after_seconds));
    return reply.code(error.statusCode).send(error.body);
  }
  if (error instanceof FieldErrors) return reply.code(400).send(error.errors);
  if (hasZodFastifySchemaValidationErrors(error))
    return reply.code(400).send(validationFieldErrors(error.validation));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply
        .code(413)
        .send(
          refusal(
            'body_too_large',
            `Request body exceeds the limit of ${formatBytes(request.routeOptions.bodyLimit)}.`,
            { limit_bytes: request.routeOptions.bodyLimit },
          ),
        );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.code(415).send(refusal('json_required', 'Send JSON (Content-Type: application/json).'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return reply.code(400).send(refusal('json_invalid', 'The body is not valid JSON.'));
  }
  if (isConnectionLoss(error)) {
    // The database went away mid-request (a restart, a failover): what was cut rolled back.
    request.log.warn({ err: loggableError(error) }, 'database connection lost');
    return reply.code(503).header('retry-after', '5').send(refusal('database_unavailable', DATABASE_LOST));
  }
  const database = databaseError(error);
  // SQLSTATE class 22, "data exception": a value the database cannot take (a NUL in text, a number
  // out of range, malformed input for a type). The input's fault, whatever route let it through.
  if (database?.code.startsWith('22')) {
    request.log.warn({ err: loggableError(error) }, 'value refused by the database');
    return reply.code(400).send(refusal('value_not_storable', DATA_EXCEPTION));
  }
  // Class 23, "integrity constraint violation" (a duplicate key): the request clashes with what is stored.
  if (database?.code.startsWith('23')) {
    request.log.warn({ err: loggableError(error) }, 'change refused by the database');
    return reply.code(409).send(refusal('conflict_with_stored_data', CONFLICT));
  }
  const status = error.statusCode ?? 500;
  if (!database && status >= 400 && status < 500)
    return reply.code(status).send(refusal('request_refused', error.message));
  request.log.error({ err: loggableError(error) }, 'request failed');
  return reply.code(500).send(refusal('server_failure', SERVER_FAILURE));
}

/**
 * Errors Fastify raises before any route or hook runs (Fastify's `frameworkErrors`): a malformed
 * percent-encoding, a path parameter over the router's length limit. Same headers and shape as the rest.
 */
export function answerFrameworkError(error: AnyError, request: FastifyRequest, reply: FastifyReply): void {
  void addSecurityHeaders(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void reply.code(414).send(refusal('address_too_long', 'A part of the address is too long.'));
  else if (error.code === 'FST_ERR_BAD_URL')
    void reply.code(400).send(refusal('address_invalid', 'The address is not valid.'));
  else void answerError(error, request, reply);
}
