export const MAX_FAILURES = 5;
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
    const blocked = [`user:${username.toLowerCase()}`, `addr:${address}`]
      .map((key) => this.recent(key))
      .filter((times) => times.length >= MAX_FAILURES);
    if (blocked.length === 0) return 0;
    const oldest = Math.max(...blocked.map((times) => times[times.length - MAX_FAILURES]!));
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
  }

  recordFailure(username: string, address: string): void {
    for (const key of [`user:${username.toLowerCase()}`, `addr:${address}`]) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  recordSuccess(username: string): void {
    this.failures.delete(`user:${username.toLowerCase()}`);
  }
}
