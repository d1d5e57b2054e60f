import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../contract/bff-api.ts';
import { isConnectionLoss } from '../../node-shared/db/errors.ts';
import { FieldErrors, HttpError } from '../http-error.ts';
import { addSecurityHeaders, isGuardedPath } from './security-headers.ts';

/**
 * The SSO routes a browser reaches by navigation from the provider, or the provider calls server to
 * server: they cannot carry the header, and state, PKCE, nonce and signed logout tokens protect them.
 */
const CSRF_EXEMPT = new Set(['GET /bff/login/oidc', 'GET /bff/callback', 'POST /bff/backchannel']);
const isCsrfExempt = (method: string, url: string) => {
  const query = url.indexOf('?');
  return CSRF_EXEMPT.has(`${method} ${query < 0 ? url : url.slice(0, query)}`);
};

/**
 * Response headers for every answer, the CSRF check, and one error handler that never leaks internals.
 * CSRF: a custom header cannot be sent cross-site without a CORS preflight, which is never allowed.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', addSecurityHeaders);
    app.addHook('onRequest', async (request, reply) => {
      if (
        isGuardedPath(request.url) &&
        request.headers[CSRF_HEADER] !== '1' &&
        !isCsrfExempt(request.method, request.url)
      )
        return reply.code(403).send({ detail: 'Missing X-CSRF: 1 header.' });
    });

    app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof HttpError) return reply.code(error.statusCode).send({ detail: error.detail });
      if (error instanceof FieldErrors) return reply.code(400).send(error.errors);
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.code(413).send({ detail: 'Request body exceeds the limit of 1 MB.' });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        return reply.code(415).send({ detail: 'Send JSON (Content-Type: application/json).' });
      if (isConnectionLoss(error)) {
        request.log.warn({ err: error.message }, 'database connection lost');
        return reply.code(503).header('retry-after', '5').send({
          detail: 'The console lost its database connection: nothing was saved. Try again shortly.',
        });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) return reply.code(status).send({ detail: error.message });
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Something went wrong in the console server.' });
    });
  },
  { name: 'bff-security' },
);
