import { t } from '@lingui/core/macro';
import ky from 'ky';
import type { z } from 'zod';
import { CSRF_HEADER } from '../../contract/bff-api.ts';
import { refusalText, type RefusalWords } from './bff-refusal.ts';
import { consoleMessage, platformMessage } from './known-messages.ts';

/** Raised for 401: the app sends the user to sign-in and keeps what they typed. */
export class SignedOutError extends Error {}

/**
 * The one HTTP client: same-origin, X-CSRF on every call, no retries for writes; reads retry once on
 * 502/503/504 (an upstream hiccup), never on 4xx, which are answers.
 */
export const api = ky.create({
  prefixUrl: '/',
  headers: { [CSRF_HEADER]: '1' },
  credentials: 'same-origin',
  timeout: 30_000,
  retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
  throwHttpErrors: false,
});

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
  // throwHttpErrors is off: every answer, 4xx and 5xx included, comes back as a Response.
  const response = await api(path.replace(/^\//, ''), {
    method,
    ...(options.json === undefined ? {} : { json: options.json }),
    ...(options.searchParams ? { searchParams: options.searchParams } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  if (response.status === 401 && !options.unauthorizedIsAnswer) throw sessionEnded();
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
  options: RequestOptions & { schema: z.ZodType<T> },
): Promise<T>;
export async function requestOk(method: Method, path: string, options?: RequestOptions): Promise<unknown>;
export async function requestOk<T>(
  method: Method,
  path: string,
  { schema, ...options }: RequestOptions & { schema?: z.ZodType<T> } = {},
): Promise<unknown> {
  const answer = await request(method, path, options);
  if (answer.status >= 400) throw new ApiError(answer.status, answer.body, path);
  return schema ? schema.parse(answer.body) : answer.body;
}
