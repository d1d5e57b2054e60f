import { and, eq, gt, inArray, lt, notInArray, or } from 'drizzle-orm';
import type { BffDatabase } from '../db/connect.ts';
import { signInFailures } from '../db/schema.ts';

/** Per username: guessing one account's password. */
export const MAX_FAILURES_PER_USER = 5;
/** Per address: spraying many accounts; higher, since an office shares one address. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const WINDOW_MS = 15 * 60_000;

export type GuardedAttempt<T> = { retryAfterSeconds: number } | { result: T | null };

/**
 * Failed sign-ins counted per username and per address in the BFF's database, so every replica sees
 * them; either reaching its limit within the window blocks further attempts until the window has
 * passed (429 with Retry-After).
 *
 * An attempt is recorded as a failure *before* the password is checked and taken back if it succeeds:
 * attempts running side by side (scrypt takes ~50 ms) all see one another, so a burst of parallel
 * guesses cannot slip past the limit.
 */
export class SignInThrottle {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async guard<T>(
    username: string,
    address: string,
    attempt: () => Promise<T | null>,
  ): Promise<GuardedAttempt<T>> {
    const userKey = `user:${username.toLowerCase()}`;
    const addressKey = `addr:${address}`;
    const at = new Date(this.now());
    const inserted = await this.db
      .insert(signInFailures)
      .values([
        { key: userKey, at },
        { key: addressKey, at },
      ])
      .returning({ id: signInFailures.id, key: signInFailures.key });
    const ownIds = inserted.map((row) => row.id);
    const retryAfterSeconds = await this.retryAfterSeconds(
      [
        [userKey, MAX_FAILURES_PER_USER],
        [addressKey, MAX_FAILURES_PER_ADDRESS],
      ],
      ownIds,
    );
    if (retryAfterSeconds > 0) {
      // A blocked attempt checks no password, so it is no failure: it must not lengthen the block.
      await this.db.delete(signInFailures).where(inArray(signInFailures.id, ownIds));
      return { retryAfterSeconds };
    }
    const result = await attempt();
    if (result !== null) {
      // Success clears the username's failures and takes back this attempt's mark on the address
      // (other attempts' marks on the address stay).
      await this.db
        .delete(signInFailures)
        .where(or(eq(signInFailures.key, userKey), inArray(signInFailures.id, ownIds)));
    }
    return { result };
  }

  /** Seconds until the first blocked key unblocks, or 0; counting failures other than `exclude`. */
  private async retryAfterSeconds(limits: [string, number][], exclude: number[]): Promise<number> {
    const now = this.now();
    const rows = await this.db
      .select({ key: signInFailures.key, at: signInFailures.at })
      .from(signInFailures)
      .where(
        and(
          inArray(
            signInFailures.key,
            limits.map(([key]) => key),
          ),
          gt(signInFailures.at, new Date(now - WINDOW_MS)),
          notInArray(signInFailures.id, exclude),
        ),
      );
    const unblockAt = limits.flatMap(([key, limit]) => {
      const times = rows
        .filter((row) => row.key === key)
        .map((row) => row.at.getTime())
        .sort((a, b) => b - a);
      return times.length >= limit ? [times[limit - 1]! + WINDOW_MS] : [];
    });
    if (unblockAt.length === 0) return 0;
    return Math.max(1, Math.ceil((Math.max(...unblockAt) - now) / 1000));
  }

  /** Drops failures older than the window (they no longer count). */
  async purge(): Promise<number> {
    const deleted = await this.db
      .delete(signInFailures)
      .where(lt(signInFailures.at, new Date(this.now() - WINDOW_MS)))
      .returning({ id: signInFailures.id });
    return deleted.length;
  }
}
