import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../contract/api/token.ts';
import { DetailError } from '../errors.ts';
import type { TokenGrant, TokenStore } from './token-store.ts';

const CHALLENGE = 'Bearer realm="api"';

declare module 'fastify' {
  interface FastifyRequest {
    grant?: TokenGrant;
  }
}

/** Scope by method (spec 5.5): GET needs read, everything else write. */
export function requiredScope(method: string): Scope {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/**
 * onRequest hook for /v3/ operations, after the path's IDs were checked (`registerOperation`): a
 * missing or bad token 401 with a Bearer challenge, then a missing scope 403.
 */
export function bearerAuth(tokens: TokenStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) {
      throw new DetailError(
        401,
        'Authentication credentials were not provided.',
        {},
        { 'www-authenticate': CHALLENGE },
      );
    }
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
    if (!match) {
      throw new DetailError(
        401,
        'Invalid token header. Expected "Bearer <token>".',
        {},
        {
          'www-authenticate': `${CHALLENGE}, error="invalid_request"`,
        },
      );
    }
    const grant = await tokens.verify(match[1]!);
    if (!grant) {
      throw new DetailError(
        401,
        'Invalid or expired token.',
        {},
        { 'www-authenticate': `${CHALLENGE}, error="invalid_token"` },
      );
    }
    if (!grant.scopes.includes(requiredScope(request.method))) {
      throw new DetailError(403, 'You do not have permission to perform this action.');
    }
    request.grant = grant;
  };
}
