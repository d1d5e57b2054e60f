import type { FastifyRequest } from 'fastify';

/**
 * The spec's `salespartner` context (5.7) is not specified; the sandbox takes it from the
 * `X-Salespartner` header when sent, else the contract's own (docs/spec-decisions.md).
 */
export const SALESPARTNER_HEADER = 'x-salespartner';

export function salespartnerOf(request: FastifyRequest, fallback: string): string {
  const header = request.headers[SALESPARTNER_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w .@-]{1,64}$/.test(value) ? value : fallback;
}
