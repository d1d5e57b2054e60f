import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { z } from 'zod/mini';
import { matchOperation, type Operation, type OperationMatch } from '../../contract/api/operations.ts';
import { canWrite, type Role } from '../../contract/bff-api.ts';
import { errorCause, errorCode, errorMessage } from '../../node-shared/error-fields.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import { HttpError } from '../http-error.ts';
import type { Deadline } from '../platform/deadline.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { classifyFailure, PLATFORM_MESSAGES, type PlatformFailure } from '../platform/platform-failure.ts';
import { API_PREFIX, BrokenJsonError, rewritePageLinks, type PageLinkTarget } from './page-links.ts';
import {
  declaredLength,
  isJsonMediaType,
  mediaTypeName,
  readCapped,
  TooLargeError,
} from '../platform/answer-body.ts';

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
  return schema instanceof z.ZodMiniObject && 'next' in schema.shape && 'previous' in schema.shape;
}
const pagedOperations = new WeakMap<Operation, boolean>();
const paged = (operation: Operation) => {
  let answer = pagedOperations.get(operation);
  if (answer === undefined) pagedOperations.set(operation, (answer = isPaged(operation)));
  return answer;
};

export const MESSAGES = {
  timeout: PLATFORM_MESSAGES.timeout,
  unreachable: PLATFORM_MESSAGES.unreachable,
  broken: 'The Energy Platform sent a broken answer.',
  noToken: PLATFORM_MESSAGES.no_token,
  credentialsRefused: PLATFORM_MESSAGES.credentials_refused,
  tooLarge: (limit: number) =>
    `The Energy Platform's answer is larger than the console accepts (${limit} bytes, ENERGY_API_MAX_RESPONSE_BYTES).`,
  notJson: (type: string) => `The Energy Platform answered with ${type} instead of JSON.`,
} as const;

/** Answers that declare at most this many bytes are read whole rather than streamed. */
const SMALL_ANSWER_BYTES = 64 * 1024;

export interface ForwarderOptions {
  /** The BFF's one client of the platform (token, pool, deadline). */
  client: PlatformClient;
  /** ENERGY_API_MAX_RESPONSE_BYTES: the largest answer buffered (list pages); larger → 502. */
  maxResponseBytes: number;
  /** BFF_PUBLIC_URL: the origin of rewritten pagination links; unset: links relative to the console. */
  publicUrl?: string | undefined;
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
  private readonly links: PageLinkTarget;
  private readonly client: PlatformClient;

  constructor(private readonly options: ForwarderOptions) {
    this.client = options.client;
    this.links = { upstreamBase: this.client.options.baseUrl, publicBase: options.publicUrl ?? '' };
  }

  /** The upstream path and query: the browser's query as sent, unless it holds bytes a URL must encode. */
  private upstreamTarget(path: string, rawUrl: string): string {
    const query = queryString(rawUrl);
    if (!/[^\x21-\x7e]/.test(query)) return `${this.client.basePath}${path}${query}`;
    const url = new URL(`${this.client.options.baseUrl}${path}${query}`);
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
    let streaming = false;
    const deadline = this.client.deadline(() => {
      if (streaming) request.log.warn('upstream deadline passed mid-answer: connection cut');
    });
    try {
      const response = await this.exchange(request, path, body, deadline);
      const status = response.statusCode;
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
    } finally {
      if (!streaming) deadline.clear();
    }
  }

  /** The platform's answer (a 401 tried once more with a fresh token), or the failure as 502/504. */
  private async exchange(
    request: FastifyRequest,
    path: string,
    body: Buffer | undefined,
    deadline: Deadline,
  ): Promise<Dispatcher.ResponseData> {
    try {
      return await this.client.exchange({
        method: request.method,
        path: this.upstreamTarget(path, request.url),
        requestId: String(request.id),
        body,
        deadline,
      });
    } catch (error) {
      throw this.failure(request, classifyFailure(error, deadline.expired), 'upstream unreachable or broken');
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
      throw this.failure(request, classifyFailure(error, deadline.expired), 'upstream answer broken off');
    }
  }

  /** A failure as the browser sees it: 504 when time ran out, else 502 with what happened. */
  private failure(request: FastifyRequest, failure: PlatformFailure, what: string): HttpError {
    switch (failure.reason) {
      case 'timeout':
        return new HttpError(504, 'platform_timeout', MESSAGES.timeout);
      case 'no_token':
        request.log.error({ err: errorMessage(failure.underlying) }, 'upstream token failed');
        return new HttpError(502, 'platform_no_token', MESSAGES.noToken);
      case 'credentials_refused':
        request.log.error('the platform refused a freshly issued access token (401)');
        return new HttpError(502, 'platform_credentials_refused', MESSAGES.credentialsRefused);
      case 'unreachable':
      case 'broken': {
        const error = failure.underlying;
        request.log.error(
          { err: errorMessage(error), code: errorCode(errorCause(error)) ?? errorCode(error) },
          what,
        );
        return failure.reason === 'unreachable'
          ? new HttpError(502, 'platform_unreachable', MESSAGES.unreachable)
          : new HttpError(502, 'platform_answer_broken', MESSAGES.broken);
      }
    }
  }
}
