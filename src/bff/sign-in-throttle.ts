/** Per username: guessing one account's password. */
export const MAX_FAILURES_PER_USER = 5;
/** Per address: spraying many accounts; higher, since an office shares one address. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins counted per username and per address; either reaching the limit within the window
 * blocks further attempts until the window has passed (429 with Retry-After).
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const times = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** Seconds to wait, or 0 when an attempt is allowed. */
  retryAfterSeconds(username: string, address: string): number {
    const limits: [string, number][] = [
      [`user:${username.toLowerCase()}`, MAX_FAILURES_PER_USER],
      [`addr:${address}`, MAX_FAILURES_PER_ADDRESS],
    ];
    const unblockAt = limits.flatMap(([key, limit]) => {
      const times = this.recent(key);
      return times.length >= limit ? [times[times.length - limit]! + WINDOW_MS] : [];
    });
    if (unblockAt.length === 0) return 0;
    return Math.max(1, Math.ceil((Math.max(...unblockAt) - this.now()) / 1000));
  }

  recordFailure(username: string, address: string): void {
    for (const key of [`user:${username.toLowerCase()}`, `addr:${address}`])
      this.failures.set(key, [...this.recent(key), this.now()]);
  }

  recordSuccess(username: string): void {
    this.failures.delete(`user:${username.toLowerCase()}`);
  }
}
