/**
 * Requests per key in fixed windows, in this process's memory: the shared links' limits per link and per
 * address (decision 0047). Each replica counts its own, so N replicas allow up to N times the limit; the
 * limits keep a link from being read in a loop, not a budget shared across replicas. Bounded against keys
 * an attacker can vary: when full, the oldest window's keys are dropped first.
 */
export class RateWindow {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one request for `key` at `now`; the seconds to wait when over the limit, else 0. */
  take(key: string, now: number): number {
    const known = this.counts.get(key);
    if (known && now - known.windowStart < this.windowMs) {
      if (known.count >= this.limit)
        return Math.max(1, Math.ceil((known.windowStart + this.windowMs - now) / 1000));
      known.count++;
      return 0;
    }
    if (known) this.counts.delete(key);
    else if (this.counts.size >= this.maxKeys) this.forgetExpired(now);
    this.counts.set(key, { windowStart: now, count: 1 });
    return 0;
  }

  private forgetExpired(now: number): void {
    for (const [key, entry] of this.counts)
      if (now - entry.windowStart >= this.windowMs) this.counts.delete(key);
    // Still full: every key is in its window. Forgetting the oldest half lets some through, never locks out.
    if (this.counts.size >= this.maxKeys) {
      let drop = Math.ceil(this.maxKeys / 2);
      for (const key of this.counts.keys()) {
        if (drop-- <= 0) break;
        this.counts.delete(key);
      }
    }
  }
}
