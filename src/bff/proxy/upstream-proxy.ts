import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent, errors, request as undiciRequest } from 'undici';
import { matchOperation, type Operation, type OperationMatch } from '../../contract/api/operations.ts';
import { canWrite, type Role } from '../../contract/bff-api.ts';
import type { TokenManager } from '../token-manager.ts';
import { UpstreamTokenError } from '../token-manager.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import { HttpError } from '../http-error.ts';

export const API_PREFIX = '/api';

/**
 * The upstream path for a browser path under /api, or null when it is not a plain, normalised path:
 * encoded slashes/backslashes/dots and dot segments are refused, never resolved.
 */
export function upstreamPath(rawUrl: string): string | null {
  const path = rawUrl.split('?')[0]!;
  if (!path.startsWith(`${API_PREFIX}/v3/`)) return null;
  if (/%2f|%5c|%2e|\\/i.test(path)) return null;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  if (/\/\//.test(path)) return null;
  return path.slice(API_PREFIX.length);
}

export function queryString(rawUrl: string): string {
  const index = rawUrl.indexOf('?');
  return index < 0 ? '' : rawUrl.slice(index);
}

type AllowlistMatch = OperationMatch & { path: string };

/**
 * Matches of recent paths: staff repeat the same few calls (a contract's feed pages, validations),
 * and matching costs a dozen regular expressions.
 */
const recentMatches = new BoundedMemo<string, AllowlistMatch | null>(5000);

function matchPath(path: string, method: string): AllowlistMatch | null {
  const upstream = upstreamPath(path);
  const operation = upstream ? matchOperation(method, upstream) : null;
  return upstream && operation ? { ...operation, path: upstream } : null;
}

/** The allowlisted operation a browser request maps to, or a 404 HttpError. Treat the answer as read-only. */
export function allowlistedOperation(method: string, rawUrl: string): AllowlistMatch {
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
  const match = recentMatches.get(`${method} ${path}`, () => matchPath(path, method));
  if (!match) throw new HttpError(404, 'Not found.');
  return match;
}

/** Viewers read only: a write by them is refused here (403), never forwarded. */
export function assertMayCall(operation: Operation, role: Role): void {
  if (operation.method !== 'GET' && !canWrite(role))
    throw new HttpError(403, 'Your role may not make changes.');
}

/** Points pagination links of the upstream back through the BFF (same path under /api). */
export function rewritePageLinks(body: string, upstreamBase: string, publicBase: string): string {
  if (!body.includes('"next"') && !body.includes('"previous"')) return body;
  const parsed = JSON.parse(body) as { next?: unknown; previous?: unknown };
  for (const key of ['next', 'previous'] as const) {
    const link = parsed[key];
    if (typeof link === 'string') {
      const url = new URL(link);
      const upstream = new URL(upstreamBase);
      if (url.origin === upstream.origin)
        parsed[key] = `${publicBase}${API_PREFIX}${url.pathname}${url.search}`;
    }
  }
  return JSON.stringify(parsed);
}

export interface ForwarderOptions {
  baseUrl: string;
  tokens: TokenManager;
  timeoutMs: number;
  salespartner?: string | undefined;
}

/**
 * Forwards one allowlisted call upstream: a fresh header set (the browser's cookies and authorization
 * never leave), the bearer token, the query string intact. On 401 the token is replaced once; 403 is
 * final. Timeouts answer 504, unreachable 502.
 */
export class Forwarder {
  private readonly agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

  constructor(private readonly options: ForwarderOptions) {}

  async forward(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    body: Buffer | undefined,
  ): Promise<FastifyReply> {
    const url = `${this.options.baseUrl}${path}${queryString(request.url)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      let token: string;
      try {
        token = await this.options.tokens.token();
      } catch (error) {
        if (error instanceof UpstreamTokenError) {
          request.log.error({ err: error.message }, 'upstream token failed');
          throw new HttpError(502, 'The Energy Platform did not issue an access token; try again shortly.');
        }
        throw error;
      }
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'x-request-id': String(request.id),
      };
      if (body) headers['content-type'] = 'application/json';
      if (this.options.salespartner) headers['x-salespartner'] = this.options.salespartner;
      let response: Awaited<ReturnType<typeof undiciRequest>>;
      try {
        response = await undiciRequest(url, {
          method: request.method as 'GET' | 'POST',
          headers,
          body,
          dispatcher: this.agent,
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.timeoutMs,
        });
      } catch (error) {
        if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
          throw new HttpError(504, 'The Energy Platform did not answer in time.');
        }
        request.log.error({ err: (error as Error).message }, 'upstream unreachable');
        throw new HttpError(502, 'The Energy Platform cannot be reached.');
      }
      if (response.statusCode === 401 && attempt === 0) {
        await response.body.dump();
        this.options.tokens.invalidate(undefined, token);
        continue;
      }
      let text: string;
      try {
        text = await response.body.text();
      } catch {
        throw new HttpError(504, 'The Energy Platform did not answer in time.');
      }
      const contentType = String(response.headers['content-type'] ?? 'application/json');
      if (response.statusCode === 200 && contentType.includes('json') && text) {
        const publicBase = `${request.protocol}://${request.host}`;
        try {
          text = rewritePageLinks(text, this.options.baseUrl, publicBase);
        } catch {
          // Not JSON after all: pass it on unchanged.
        }
      }
      void reply.code(response.statusCode);
      if (text) void reply.header('content-type', contentType);
      return reply.send(text || undefined);
    }
    throw new HttpError(502, 'The Energy Platform refused a fresh access token.');
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
