import { TOKEN_TIMEOUT_MS } from '../token-manager.ts';

/**
 * How long an approval may stay `sending` before it counts as `unknown` (its process died mid-forward).
 * Longer than a forward can take: two token requests and two attempts (a 401 is tried once more), each with
 * its deadline.
 */
export const forwardLeaseMs = (platformTimeoutMs: number): number =>
  2 * (platformTimeoutMs + TOKEN_TIMEOUT_MS) + 5_000;
