import { t } from '@lingui/core/macro';
import type { z } from 'zod/mini';
import { CSRF_HEADER } from '../../contract/bff-api.ts';
import { refusalText, type RefusalWords } from './bff-refusal.ts';
import { consoleMessage, platformMessage } from './known-messages.ts';

/** Raised for 401: the app sends the user to sign-in and keeps what they typed. */
export class SignedOutError extends Error {}

export interface SendOptions {
  method?: 'get' | 'post' | 'patch' | 'delete';
  /** A body to send as JSON (`content-type: application/json`). */
  json?: unknown;
  /** A body already serialised; its content type goes in `headers`. */
  body?: string;
  searchParams?: Record<string, string>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Milliseconds until the call is given up (a `TimeoutError`); 30 s unless a call needs longer. */
  timeout?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const READ_RETRY_DELAY_MS = 300;

/**
 * The one HTTP client, on `fetch` (it replaced ky, 4 KB gzip of the shell, docs/decisions/0045): same-origin,
 * `X-CSRF` on every call, every answer (4xx and 5xx included) returned as a Response. A read whose request
 * failed on the network is tried once more after 300 ms, as ky did with this console's settings; a write
 * never is, and a status is an answer, never retried.
 */
export async function send(path: string, options: SendOptions = {}): Promise<Response> {
  const method = options.method ?? 'get';
  const query = options.searchParams ? `?${new URLSearchParams(options.searchParams).toString()}` : '';
  const url = `/${path.replace(/^\//, '')}${query}`;
  const headers: Record<string, string> = { [CSRF_HEADER]: '1', ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const attempt = () => {
    const deadline = AbortSignal.timeout(options.timeout ?? DEFAULT_TIMEOUT_MS);
    return fetch(
      new Request(url, {
        method: method.toUpperCase(),
        headers,
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body }),
        signal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline,
      }),
    );
  };
  try {
    return await attempt();
  } catch (error) {
    // Only a network failure (fetch's TypeError) of a read is retried: not an abort, not the deadline.
    if (method !== 'get' || !(error instanceof TypeError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
    return attempt();
  }
}

let onSignedOut: () => void = () => {};
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * The session is over: the app goes to sign-in (drafts keep what was typed). For a caller whose 401 was an
 * answer (`unauthorizedIsAnswer`) until its body said otherwise, too.
 */
export function sessionEnded(): SignedOutError {
  onSignedOut();
  return new SignedOutError(t`Your session has ended. Sign in again to continue.`);
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * A readable sentence for any failure body: the console server's `{detail, code}` (by its code, with
 * `refusalWords` for codes only a feature's pages show), the platform's `{detail}`, field errors, or plain
 * text. `inUiLanguage` says how a message without a code is shown in the UI language: the platform's as
 * sent with its meaning beside it, the contract's rules put in the UI language.
 */
export function describeFailure(
  status: number,
  body: unknown,
  inUiLanguage: (message: string) => string = platformMessage,
  refusalWords: RefusalWords = {},
): string {
  const refusal = refusalText(body, refusalWords);
  if (refusal !== undefined) return refusal;
  if (body && typeof body === 'object') {
    if ('detail' in body && typeof body.detail === 'string') return inUiLanguage(body.detail);
    const messages = Object.entries(body).flatMap(([field, value]) =>
      Array.isArray(value) ? value.map((message) => `${field}: ${inUiLanguage(String(message))}`) : [],
    );
    if (messages.length > 0) return messages.join(' ');
  }
  if (status === 502 || status === 504)
    return t`The Energy Platform is not answering right now. Try again in a moment.`;
  return t`The request failed (HTTP ${status}).`;
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  json?: unknown;
  searchParams?: Record<string, string>;
  signal?: AbortSignal;
  /** Extra request headers (a write sent despite a duplicate warning says so in one). */
  headers?: Record<string, string>;
  /** A 401 is an answer here (reading who is signed in, signing in), not an expired session. */
  unauthorizedIsAnswer?: boolean;
}

/** Calls the BFF; 401 signs out (keeping drafts). The body is the caller's to read, whatever the status. */
export async function request(
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<unknown>> {
  const { unauthorizedIsAnswer, ...sendOptions } = options;
  const response = await send(path, { method, ...sendOptions });
  if (response.status === 401 && !unauthorizedIsAnswer) throw sessionEnded();
  return { status: response.status, body: await readBody(response) };
}

/** A failed call, its message in the UI language: the BFF's own answers (`bff/…`) or the platform's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(describeFailure(status, body, isConsoleServerPath(path) ? consoleMessage : platformMessage));
  }
}

const isConsoleServerPath = (path: string) => path.replace(/^\//, '').startsWith('bff/');

type Method = Parameters<typeof request>[0];

/**
 * Like `request`, but a non-2xx answer throws an ApiError with a readable message, and a successful
 * body is parsed with the contract's schema when one is given.
 */
export async function requestOk<T>(
  method: Method,
  path: string,
  options: RequestOptions & { schema: z.ZodMiniType<T> },
): Promise<T>;
export async function requestOk(method: Method, path: string, options?: RequestOptions): Promise<unknown>;
export async function requestOk<T>(
  method: Method,
  path: string,
  { schema, ...options }: RequestOptions & { schema?: z.ZodMiniType<T> } = {},
): Promise<unknown> {
  const answer = await request(method, path, options);
  if (answer.status >= 400) throw new ApiError(answer.status, answer.body, path);
  return schema ? schema.parse(answer.body) : answer.body;
}
