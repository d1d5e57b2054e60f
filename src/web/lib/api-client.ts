import { t } from '@lingui/core/macro';
import type { z } from 'zod/mini';
import { request, type RequestOptions } from './http.ts';
import { refusalText, type RefusalWords } from './bff-refusal.ts';
import { consoleMessage, platformMessage } from './known-messages.ts';

/*
 * The failures' words and the answers' schemas: what only a page needs, so not the shell's (http.ts is,
 * docs/decisions/0049). Importers of the client take both from here.
 */
export * from './http.ts';

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
