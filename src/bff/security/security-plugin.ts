import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../contract/bff-api.ts';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { hasNullCharacter } from './canonical-url.ts';
import { answerError } from './error-answers.ts';
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

export const NULL_IN_ADDRESS = 'The address holds a null character (%00), which is never valid here.';
export const NOT_A_PATH =
  'The request target must be a path (/…): the console is not a proxy and takes no absolute addresses.';

/**
 * Response headers for every answer, the CSRF check, the refusal of NUL in addresses, and one error
 * handler that never leaks internals. Every check reads `request.url` in its one canonical spelling
 * (`canonicalUrl`, applied before routing by app.ts).
 * CSRF: a custom header cannot be sent cross-site without a CORS preflight, which is never allowed.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', addSecurityHeaders);
    app.addHook('onRequest', async (request, reply) => {
      // An absolute-form target (`POST http://host/bff/login HTTP/1.1`, meant for proxies) is routed by its
      // path, yet would pass every check that reads `request.url` as a path (the CSRF check first): refused.
      if (!request.url.startsWith('/')) return reply.code(400).send(refusal('not_a_path', NOT_A_PATH));
      if (
        isGuardedPath(request.url) &&
        request.headers[CSRF_HEADER] !== '1' &&
        !isCsrfExempt(request.method, request.url)
      )
        return reply.code(403).send(refusal('csrf_header_missing', 'Missing X-CSRF: 1 header.'));
    });
    // PostgreSQL text cannot hold U+0000, and no path parameter or query value of ours may: refused
    // here for every route at once (after the session is known, so the audit names who tried).
    // JSON bodies are checked by the BFF's JSON parser (json-body.ts); the platform checks what the proxy forwards.
    app.addHook('preValidation', async (request, reply) => {
      if (hasNullCharacter(request.url))
        return reply.code(400).send(refusal('null_in_address', NULL_IN_ADDRESS));
    });
    app.setErrorHandler(answerError);
  },
  { name: 'bff-security' },
);
