import { errorCause, errorCode } from '../error-fields.ts';

/** The errors of a database error's cause chain (drizzle wraps pg's and PGlite's errors). */
function* causes(error: unknown): Generator<object> {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 10;
    current = errorCause(current), depth++
  )
    yield current;
}

/** Whether a database error (pg, PGlite, or wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (const current of causes(error)) if (errorCode(current) === '23505') return true;
  return false;
}

/**
 * SQLSTATEs and socket errors that mean the connection is gone, not that the statement was wrong:
 * the server ended it (57P01 administrator command, 57P02 crash, 57P03 starting up), or it broke (08…).
 */
const CONNECTION_LOSS_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * Whether a database error means the connection was lost (a restart, an administrator, a network
 * fault): the statement may or may not have run, and the next one on a new connection may succeed.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (const current of causes(error)) {
    if (CONNECTION_LOSS_CODES.has(errorCode(current) ?? '')) return true;
    if (
      'message' in current &&
      typeof current.message === 'string' &&
      /^Connection terminated|^Client has encountered a connection error|^terminating connection/.test(
        current.message,
      )
    )
      return true;
  }
  return false;
}

const RETRY_DELAYS_MS = [50, 250, 1000, 2000, 5000];

/**
 * Runs an idempotent database step again when the connection was lost under it, with backoff
 * (`attempts` tries in all); any other error, or the last loss, is thrown.
 */
export async function retryOnConnectionLoss<T>(
  step: () => Promise<T>,
  { attempts = 4, onRetry }: { attempts?: number; onRetry?: (error: unknown) => void } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts || !isConnectionLoss(error)) throw error;
      onRetry?.(error);
      const delay = RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)]!;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
