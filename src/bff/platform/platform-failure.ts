import { errors } from 'undici';
import type { BffRefusalCode } from '../../contract/bff-refusal-codes.ts';
import { errorCause, errorCode } from '../../node-shared/error-fields.ts';

/**
 * Why an exchange with the platform ended without an answer, and whether the request can have reached
 * it. The one classification the proxy (which says 502/504), bulk campaigns and approvals (which decide
 * whether a row may be sent again) all read.
 */
export type FailureReason =
  /** No access token: nothing was sent. */
  | 'no_token'
  /** A 401 to a freshly issued token too: the platform refused the request, so nothing was done. */
  | 'credentials_refused'
  /** No connection could be made (refused, no such host, connect timeout): nothing was sent. */
  | 'unreachable'
  /** The deadline passed: the request may have been taken. */
  | 'timeout'
  /** The connection broke after it was made: the request may have been taken. */
  | 'broken';

export const PLATFORM_MESSAGES: Record<FailureReason, string> = {
  no_token: 'The Energy Platform did not issue an access token; try again shortly.',
  credentials_refused:
    "The Energy Platform refused the console's credentials: it answered 401 to a freshly issued access token. The console's API client may be disabled or lack a permission; tell its administrator.",
  unreachable: 'The Energy Platform cannot be reached.',
  timeout: 'The Energy Platform did not answer in time.',
  broken: 'The connection to the Energy Platform broke before it answered.',
};

/** The stable code of each reason, for the bodies the BFF stores and sends (the console words them). */
export const PLATFORM_FAILURE_CODES = {
  no_token: 'platform_no_token',
  credentials_refused: 'platform_credentials_refused',
  unreachable: 'platform_unreachable',
  timeout: 'platform_timeout',
  broken: 'platform_connection_broke',
} as const satisfies Record<FailureReason, BffRefusalCode>;

export class PlatformFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    /** The error behind it, for the log. */
    readonly underlying?: unknown,
  ) {
    super(PLATFORM_MESSAGES[reason]);
    this.name = 'PlatformFailure';
  }

  /** False only when no byte of the request can have reached the platform (or it refused it unread). */
  get mayHaveArrived(): boolean {
    return this.reason === 'timeout' || this.reason === 'broken';
  }
}

/**
 * Errors raised before a byte of the request can have left: the connection was never made. `ETIMEDOUT`
 * is not among them: a kept-alive socket can time out after the request was written (a timeout).
 */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** What a failed exchange means, from undici's error (or its cause) and the deadline. */
export function classifyFailure(error: unknown, deadlinePassed: boolean): PlatformFailure {
  if (error instanceof PlatformFailure) return error;
  if (
    deadlinePassed ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    (error instanceof Error && error.name === 'TimeoutError') ||
    // A TCP timeout on a socket already connected: to staff, the platform did not answer in time.
    errorCode(error) === 'ETIMEDOUT' ||
    errorCode(errorCause(error)) === 'ETIMEDOUT'
  )
    return new PlatformFailure('timeout', error);
  const codes = [errorCode(error), errorCode(errorCause(error))];
  const notConnected =
    error instanceof errors.ConnectTimeoutError || codes.some((code) => NOT_CONNECTED_CODES.has(code ?? ''));
  return new PlatformFailure(notConnected ? 'unreachable' : 'broken', error);
}
