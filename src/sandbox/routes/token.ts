import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseScopes, SCOPES, type TokenError } from '../../contract/api/token.ts';
import type { TokenStore } from '../auth/token-store.ts';

class TokenEndpointError extends Error {
  constructor(readonly body: TokenError) {
    super(body.error_description);
  }
}

const fail = (error: TokenError['error'], error_description: string) =>
  new TokenEndpointError({ error, error_description });

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw fail('invalid_client', 'Malformed HTTP Basic credentials.');
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw fail('invalid_client', 'Malformed HTTP Basic credentials.');
  }
}

function formFields(request: FastifyRequest): Map<string, string> {
  if (
    !(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')
  ) {
    throw fail('invalid_request', 'The token request must be sent as application/x-www-form-urlencoded.');
  }
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(typeof request.body === 'string' ? request.body : '')) {
    if (fields.has(key)) throw fail('invalid_request', `The parameter ${key} must not be repeated.`);
    fields.set(key, value);
  }
  return fields;
}

/** POST /oauth2/token/: client credentials grant; every error 400 as the spec says. */
export function registerTokenRoute(app: FastifyInstance, tokens: TokenStore): void {
  app.post('/oauth2/token/', async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    try {
      const fields = formFields(request);
      const grantType = fields.get('grant_type');
      if (!grantType) throw fail('invalid_request', 'The grant_type parameter is missing.');
      if (grantType !== 'client_credentials')
        throw fail('unsupported_grant_type', 'Only client_credentials is supported.');
      const basic = basicCredentials(request.headers.authorization);
      const formId = fields.get('client_id');
      const formSecret = fields.get('client_secret');
      if (
        basic &&
        (formId !== undefined || formSecret !== undefined) &&
        !(formId === basic.id && formSecret === undefined)
      ) {
        throw fail('invalid_request', 'Use one client authentication method, not several.');
      }
      const clientId = basic?.id ?? formId;
      const secret = basic?.secret ?? formSecret;
      if (!clientId || secret === undefined)
        throw fail(
          'invalid_client',
          'Client authentication failed: client_id and client_secret are required.',
        );
      const allowed = await tokens.authenticateClient(clientId, secret);
      if (!allowed) throw fail('invalid_client', 'Client authentication failed.');
      const requested = fields.has('scope') ? parseScopes(fields.get('scope')!) : allowed;
      if (
        requested.length === 0 ||
        requested.some((scope) => !(SCOPES as readonly string[]).includes(scope))
      ) {
        throw fail('invalid_scope', 'The requested scope is invalid; use read, write or "read write".');
      }
      if (requested.some((scope) => !allowed.includes(scope)))
        throw fail('invalid_scope', 'The requested scope exceeds what this client may have.');
      const scopes = SCOPES.filter((scope) => requested.includes(scope));
      const { token, expiresIn } = await tokens.issue(clientId, scopes);
      return reply
        .code(200)
        .send({ access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: scopes.join(' ') });
    } catch (error) {
      if (error instanceof TokenEndpointError) return reply.code(400).send(error.body);
      throw error;
    }
  });
}
