import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent, errors, type Dispatcher } from 'undici';
import { z } from 'zod';
import { matchOperation, type Operation, type OperationMatch } from '../../contract/api/operations.ts';
import { canWrite, type Role } from '../../contract/bff-api.ts';
import { errorCause, errorCode, errorMessage } from '../../node-shared/error-fields.ts';
import type { TokenManager } from '../token-manager.ts';
import { UpstreamTokenError } from '../token-manager.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import { HttpError } from '../http-error.ts';
import { API_PREFIX, BrokenJsonError, rewritePageLinks, type PageLinkTarget } from './page-links.ts';
import {
  declaredLength,
  isJsonMediaType,
  mediaTypeName,
  readCapped,
  TooLargeError,
} from './upstream-body.ts';

export { API_PREFIX };

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
  if (!match) throw new HttpError(404, 'not_found', 'Not found.');
  return match;
}

/** Viewers read only: a write by them is refused here (403), never forwarded. */
export function assertMayCall(operation: Operation, role: Role): void {
  if (operation.method !== 'GET' && !canWrite(role))
    throw new HttpError(403, 'role_cannot_write', 'Your role may not make changes.');
}

/** Answers whose `next`/`previous` links are rewritten: the operations whose success body is a page. */
export function isPaged(operation: Operation): boolean {
  const schema = operation.success.schema;
  return schema instanceof z.ZodObject && 'next' in schema.shape && 'previous' in schema.shape;
}
const pagedOperations = new WeakMap<Operation, boolean>();
const paged = (operation: Operation) => {
  let answer = pagedOperations.get(operation);
  if (answer === undefined) pagedOperations.set(operation, (answer = isPaged(operation)));
  return answer;
};

export const MESSAGES = {
  timeout: 'The Energy Platform did not answer in time.',
  unreachable: 'The Energy Platform cannot be reached.',
  broken: 'The Energy Platform sent a broken answer.',
  noToken: 'The Energy Platform did not issue an access token; try again shortly.',
  credentialsRefused:
    "The Energy Platform refused the console's credentials: it answered 401 to a freshly issued access token. The console's API client may be disabled or lack a permission; tell its administrator.",
  tooLarge: (limit: number) =>
    `The Energy Platform's answer is larger than the console accepts (${limit} bytes, ENERGY_API_MAX_RESPONSE_BYTES).`,
  notJson: (type: string) => `The Energy Platform answered with ${type} instead of JSON.`,
} as const;

/** Raised by the deadline's abort: the exchange took longer than ENERGY_API_TIMEOUT_MS. */
class DeadlineError extends Error {
  constructor() {
    super('upstream deadline passed');
    this.name = 'DeadlineError';
  }
}

/**
 * One wall-clock deadline for a whole exchange with the platform: both attempts (the 401 retry), the
 * answer's headers and its body. When it passes, the upstream request or body is aborted: it is the
 * request's `signal`, in the EventEmitter form undici accepts (`aborted`, `reason`, an 'abort' event)
 * because an AbortController costs ~4 % of the BFF's CPU per proxied call (createAbortSignal and
 * its EventTarget), measured with --cpu-prof.
 */
class Deadline extends EventEmitter {
  aborted = false;
  reason: Error | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number, onExpire: () => void) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = new DeadlineError();
      onExpire();
      this.emit('abort');
    }, ms);
  }

  get expired(): boolean {
    return this.aborted;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/** Answers that declare at most this many bytes are read whole rather than streamed. */
const SMALL_ANSWER_BYTES = 64 * 1024;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface ForwarderOptions {
  baseUrl: string;
  tokens: TokenManager;
  /** ENERGY_API_TIMEOUT_MS: the total time for the answer's headers and its whole body (then 504). */
  timeoutMs: number;
  /** ENERGY_API_MAX_RESPONSE_BYTES: the largest answer buffered (list pages); larger → 502. */
  maxResponseBytes: number;
  /** BFF_PUBLIC_URL: the origin of rewritten pagination links; unset: links relative to the console. */
  publicUrl?: string | undefined;
  salespartner?: string | undefined;
}

/**
 * Forwards one allowlisted call upstream: a fresh header set (the browser's cookies and authorization
 * never leave), the bearer token, the query string intact. On 401 the token is replaced once; a second
 * 401 is the platform refusing the console's credentials (502: the browser must not read it as the end
 * of its session); 403 is final.
 *
 * The answer is JSON or nothing: a JSON answer streams through as it comes (compressed by the plugin),
 * except a list page (200 of a paged operation), which is read whole, at most `maxResponseBytes`, to
 * point its `next`/`previous` back through the BFF, and a small one (declared ≤ 64 KiB), read whole
 * because that costs less than a stream. Any other content type is a 502, an empty body is relayed as
 * the status alone. One deadline covers headers and body: 504 while nothing has been sent to
 * the browser; a streamed answer that stalls after its headers left can only be cut off (the connection
 * is destroyed, so the browser sees an incomplete answer, never a short 200). Unreachable, a broken
 * reply or a close mid-body: 502.
 */
export class Forwarder {
  private readonly agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  private readonly links: PageLinkTarget;
  private readonly origin: string;
  /** The base URL's path ('' or '/prefix'), before `/v3/…`. */
  private readonly basePath: string;

  constructor(private readonly options: ForwarderOptions) {
    this.links = { upstreamBase: options.baseUrl, publicBase: options.publicUrl ?? '' };
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
  }

  /** The upstream path and query: the browser's query as sent, unless it holds bytes a URL must encode. */
  private upstreamTarget(path: string, rawUrl: string): string {
    const query = queryString(rawUrl);
    if (!/[^\x21-\x7e]/.test(query)) return `${this.basePath}${path}${query}`;
    const url = new URL(`${this.options.baseUrl}${path}${query}`);
    return `${url.pathname}${url.search}`;
  }

  async forward(
    request: FastifyRequest,
    reply: FastifyReply,
    operation: Operation,
    path: string,
    body: Buffer | undefined,
    /** Given the answer of a write before it leaves (its record): the answer is then read whole. */
    answered?: (status: number, body: Buffer | null) => Promise<void>,
  ): Promise<FastifyReply> {
    const target = this.upstreamTarget(path, request.url);
    let streaming = false;
    const deadline = new Deadline(this.options.timeoutMs, () => {
      if (streaming) request.log.warn('upstream deadline passed mid-answer: connection cut');
    });
    try {
      for (let attempt = 0; ; attempt++) {
        const token = await this.token(request);
        const response = await this.exchange(request, target, token, body, deadline);
        const status = response.statusCode;
        if (status === 401) {
          await this.discard(response, deadline);
          this.options.tokens.invalidate(undefined, token);
          if (attempt === 0) continue;
          request.log.error('the platform refused a freshly issued access token (401)');
          throw new HttpError(502, 'platform_credentials_refused', MESSAGES.credentialsRefused);
        }
        const length = declaredLength(response.headers['content-length']);
        if (length === 0 || status === 204 || status === 304) {
          // Nothing to read (the validations' 200): let the empty body end, relay the status.
          response.body.resume();
          await answered?.(status, null);
          return reply.code(status).send();
        }
        const contentType = response.headers['content-type'];
        const type = typeof contentType === 'string' ? contentType : undefined;
        if (!type || !isJsonMediaType(type)) {
          // JSON or nothing: an empty answer keeps its status, anything else is not relayed.
          await this.read(request, response, 0, deadline, () => MESSAGES.notJson(mediaTypeName(type)));
          await answered?.(status, null);
          return reply.code(status).send();
        }
        let whole: Buffer | undefined;
        if (status === 200 && paged(operation)) {
          const page = await this.read(request, response, this.options.maxResponseBytes, deadline);
          try {
            whole = rewritePageLinks(page, this.links);
          } catch (error) {
            if (!(error instanceof BrokenJsonError)) throw error;
            request.log.error({ err: error.message }, 'upstream list page is not JSON');
            throw new HttpError(502, 'platform_answer_broken', MESSAGES.broken);
          }
        } else if (answered) {
          whole = await this.read(request, response, this.options.maxResponseBytes, deadline);
          await answered(status, whole);
        } else if (length !== undefined && length <= SMALL_ANSWER_BYTES) {
          // A small answer (a validation's 400) is cheaper whole: no stream, compressed in one call.
          whole = await this.read(request, response, SMALL_ANSWER_BYTES, deadline);
        }
        void reply.code(status).header('content-type', type);
        if (whole) return reply.send(whole);
        streaming = true;
        response.body.once('close', () => deadline.clear());
        return reply.send(response.body);
      }
    } finally {
      if (!streaming) deadline.clear();
    }
  }

  private async token(request: FastifyRequest): Promise<string> {
    try {
      return await this.options.tokens.token();
    } catch (error) {
      if (error instanceof UpstreamTokenError) {
        request.log.error({ err: error.message }, 'upstream token failed');
        throw new HttpError(502, 'platform_no_token', MESSAGES.noToken);
      }
      throw error;
    }
  }

  private async exchange(
    request: FastifyRequest,
    path: string,
    token: string,
    body: Buffer | undefined,
    deadline: Deadline,
  ): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'x-request-id': String(request.id),
    };
    if (body) headers['content-type'] = 'application/json';
    if (this.options.salespartner) headers['x-salespartner'] = this.options.salespartner;
    try {
      // The dispatcher itself, with origin and path: undici.request(url) parses a URL per call.
      return await this.agent.request({
        origin: this.origin,
        path,
        method: request.method,
        headers,
        body,
        signal: deadline,
      });
    } catch (error) {
      throw this.failure(request, error, deadline, 'upstream unreachable or broken');
    }
  }

  /** The whole body, at most `limit` bytes (`tooLarge` names the refusal), within the deadline. */
  private async read(
    request: FastifyRequest,
    response: Dispatcher.ResponseData,
    limit: number,
    deadline: Deadline,
    tooLarge: () => string = () => MESSAGES.tooLarge(limit),
  ): Promise<Buffer> {
    try {
      return await readCapped(response.body, limit, declaredLength(response.headers['content-length']));
    } catch (error) {
      if (error instanceof TooLargeError) {
        request.log.error({ status: response.statusCode, limit }, 'upstream answer refused');
        // A limit of 0 is the read of a body that is not JSON: any byte of it is refused as such.
        throw new HttpError(
          502,
          limit === 0 ? 'platform_answer_not_json' : 'platform_answer_too_large',
          tooLarge(),
        );
      }
      throw this.failure(request, error, deadline, 'upstream answer broken off');
    }
  }

  /** Reads and drops a small body (a 401's), so the connection is reused; a large one is cut. */
  private async discard(response: Dispatcher.ResponseData, deadline: Deadline): Promise<void> {
    try {
      await response.body.dump({ limit: 64 * 1024 });
    } catch {
      // Its content does not matter; the deadline still holds for what follows.
      if (deadline.expired) throw new HttpError(504, 'platform_timeout', MESSAGES.timeout);
    }
  }

  private failure(request: FastifyRequest, error: unknown, deadline: Deadline, what: string): HttpError {
    if (
      deadline.expired ||
      error instanceof errors.HeadersTimeoutError ||
      error instanceof errors.BodyTimeoutError
    )
      return new HttpError(504, 'platform_timeout', MESSAGES.timeout);
    const code = errorCode(error);
    const causeCode = errorCode(errorCause(error));
    request.log.error({ err: errorMessage(error), code: causeCode ?? code }, what);
    const unreachable = UNREACHABLE_CODES.has(code ?? '') || UNREACHABLE_CODES.has(causeCode ?? '');
    return unreachable
      ? new HttpError(502, 'platform_unreachable', MESSAGES.unreachable)
      : new HttpError(502, 'platform_answer_broken', MESSAGES.broken);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
