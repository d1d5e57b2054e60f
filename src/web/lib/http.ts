import { t } from '@lingui/core/macro';
import { CSRF_HEADER } from '../../contract/bff-basics.ts';

/*
 * The console's calls to its server as the shell makes them: send, the answer's body, the end of a session.
 * A failure's words and the answers' schemas are api-client.ts's, loaded with the pages (docs/decisions/0049).
 */

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
