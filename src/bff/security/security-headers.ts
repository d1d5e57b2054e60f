import type { FastifyReply, FastifyRequest } from 'fastify';

/** `/api/*` and `/bff/*`: the routes a session may act on; everything else is the console's files. */
export const isGuardedPath = (url: string) => url.startsWith('/api/') || url.startsWith('/bff/');

/** No inline scripts or styles; only our own origin; never framed. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.headers({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
  if (request.protocol === 'https')
    void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  if (isGuardedPath(request.url)) void reply.header('cache-control', 'no-store');
}
