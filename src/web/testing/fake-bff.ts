import { z } from 'zod/mini';
import { detailErrorSchema, fieldErrorsSchema } from '../../contract/api/common.ts';
import { matchOperation, type Operation, type OperationId } from '../../contract/api/operations.ts';

/**
 * A BFF for a page's component tests, answering the console's `fetch` as the test says. It cannot drift from
 * the real one: a platform operation's request body is read with the contract's request schema and its answer
 * with the operation's answer schema for that status (an answer the real BFF could not give fails the test),
 * and every BFF route of its own is declared with the schema of its answer. A request nobody declared fails the
 * test with its method and path, as MSW's `onUnhandledRequest: 'error'` does.
 */
export interface FakeRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body as sent (undefined: none). */
  body: unknown;
  /** A platform operation's path parameters. */
  params: Record<string, string>;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

interface Route {
  method: string;
  pattern: RegExp;
  /** The schema each status's body is read with; absent for a status: the test fails. */
  answers: (status: number) => z.ZodMiniType | null | undefined;
  handler: Handler;
}

/** The BFF's refusals of a platform operation that are its own, each a `{detail}` (401, 403, 409, 428, 5xx). */
const BFF_OWN_STATUSES = new Set([401, 403, 409, 428, 502, 503, 504]);

export class FakeBff {
  readonly requests: FakeRequest[] = [];
  private readonly routes: Route[] = [];
  private readonly platformHandlers = new Map<string, Handler>();
  private readonly unhandled: string[] = [];

  /** A platform operation of the allowlist (`/api/v3/…`, found by the contract's table), answered by `handler`. */
  platform(operationId: OperationId, handler: Handler): this {
    this.platformHandlers.set(operationId, handler);
    return this;
  }

  /**
   * One of the BFF's own routes (`/bff/…`): `path` may hold `:name` segments; `schema` reads its 2xx body (null: no
   * body), a refusal is read as the BFF's refusals are (field errors or `{detail}`).
   */
  own(method: string, path: string, schema: z.ZodMiniType | null, handler: Handler): this {
    this.routes.push({
      method,
      pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`),
      answers: (status) => (status < 300 ? schema : ownRefusalSchema),
      handler,
    });
    return this;
  }

  /** The `fetch` to stub the browser's with. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const seen: FakeRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      params: {},
    };
    this.requests.push(seen);
    const { status, body } = await this.answer(seen);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
  };

  /** Fails when the page asked for something no route was declared for. */
  assertAllHandled(): void {
    if (this.unhandled.length > 0)
      throw new Error(
        `the page asked the fake BFF for what the test did not declare: ${this.unhandled.join(', ')}`,
      );
  }

  /** The requests for a platform operation or an own route's path, in order. */
  sent(method: string, pathPattern: RegExp): FakeRequest[] {
    return this.requests.filter((request) => request.method === method && pathPattern.test(request.path));
  }

  private async answer(request: FakeRequest): Promise<FakeAnswer> {
    if (request.path.startsWith('/api/')) {
      const match = matchOperation(request.method, request.path.slice('/api'.length));
      const handler = match && this.platformHandlers.get(match.operation.id);
      if (!match || !handler) return this.refuseUnhandled(request);
      request.params = match.params;
      const { operation } = match;
      // What the real BFF would refuse before forwarding, the console must not send.
      if (operation.body) operation.body.parse(request.body);
      if (operation.query) operation.query.parse(Object.fromEntries(request.query));
      const answer = await handler(request);
      return readAnswer(
        answer,
        platformAnswerSchema(operation, answer.status),
        `${operation.id} → ${answer.status}`,
      );
    }
    const route = this.routes.find(
      (candidate) => candidate.method === request.method && candidate.pattern.test(request.path),
    );
    if (!route) return this.refuseUnhandled(request);
    const answer = await route.handler(request);
    return readAnswer(
      answer,
      route.answers(answer.status),
      `${request.method} ${request.path} → ${answer.status}`,
    );
  }

  private refuseUnhandled(request: FakeRequest): FakeAnswer {
    this.unhandled.push(`${request.method} ${request.path}`);
    return { status: 404, body: { detail: 'Not declared in the test.' } };
  }
}

/** Every refusal of the BFF's own routes: field errors (a schema's refusal, a taken name) or `{detail}`. */
const ownRefusalSchema = z.union([fieldErrorsSchema, z.catchall(detailErrorSchema, z.unknown())]);

/** The schema the real BFF answers an operation's status with; null: a body of the BFF's own, not read. */
function platformAnswerSchema(operation: Operation, status: number): z.ZodMiniType | null | undefined {
  if (status === operation.success.status) return operation.success.schema;
  if (status === 400 || status === 404) return operation.errors[status];
  return BFF_OWN_STATUSES.has(status) ? z.catchall(detailErrorSchema, z.unknown()) : undefined;
}

/** The answer, its body read by the schema the real BFF answers that status with. */
function readAnswer(answer: FakeAnswer, schema: z.ZodMiniType | null | undefined, what: string): FakeAnswer {
  if (schema === undefined) throw new Error(`the real BFF does not answer ${what}`);
  if (schema === null) return answer;
  return { status: answer.status, body: schema.parse(answer.body) };
}
