import { z } from 'zod/mini';

export const SCOPES = ['read', 'write'] as const;
export type Scope = (typeof SCOPES)[number];

export const tokenRequestSchema = z
  .object({
    grant_type: z.literal('client_credentials'),
    client_id: z.optional(z.string()),
    client_secret: z.optional(z.string()),
    scope: z.optional(z.string()),
  })
  .clone()
  .register(z.globalRegistry, { id: 'TokenRequest' });

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.int().check(z.positive()),
    scope: z.string(),
  })
  .clone()
  .register(z.globalRegistry, { id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 6749 §5.2. */
export const tokenErrorSchema = z
  .object({
    error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope']),
    error_description: z.string(),
  })
  .clone()
  .register(z.globalRegistry, { id: 'TokenError' });
export type TokenError = z.infer<typeof tokenErrorSchema>;

/** Parses a space-separated scope string; unknown scopes are returned too so callers can refuse them. */
export function parseScopes(scope: string): string[] {
  return [...new Set(scope.split(' ').filter(Boolean))];
}
