import { and, eq, gt, inArray, like, lt, or, sql } from 'drizzle-orm';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { signInFailures } from '../db/schema.ts';

/**
 * Per username and address: one place guessing one account's password. Not per username alone: then
 * anyone could lock anyone out by typing wrong passwords for their name (issue 41).
 */
export const MAX_FAILURES_PER_USER_AND_ADDRESS = 5;
/** Per address: spraying many accounts; higher, since an office shares one address. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Per session: an approval's or a password change's re-entry of the password, by whoever holds the session. */
export const MAX_FAILURES_PER_SESSION = 5;
/**
 * Per username alone only a slow-down: from this many failures within the window (from any address),
 * each further check of that username's password waits SLOW_DOWN_STEP_MS per failure beyond it, at most
 * MAX_SLOW_DOWN_MS — never a refusal, so the owner's right password still signs in.
 */
export const SLOW_DOWN_FROM = 5;
export const SLOW_DOWN_STEP_MS = 200;
export const MAX_SLOW_DOWN_MS = 2_000;
export const WINDOW_MS = 15 * 60_000;
/** A slot older than this belongs to a replica that died mid-attempt: it holds nothing any more. */
export const ATTEMPT_TTL_MS = 60_000;
/** How long an attempt may wait for a slot before it is turned away as busy. */
export const MAX_WAIT_MS = 30_000;

/** Key prefix of a slot: an attempt in flight, not (yet) a failure. */
const IN_FLIGHT = 'inflight:';
/** Advisory lock class of the throttle's keys (the second half is the key's hash). */
const LOCK_CLASS = 0x5349;

export type GuardedAttempt<T> = { retryAfterSeconds: number; busy?: true } | { result: T | null };

/** A key and its failures before a block; Infinity: counted only (the username's slow-down). */
type Limit = readonly [key: string, limit: number];

/** Waiting local attempts, per key, at most `size` running at once; FIFO. */
class LocalGates {
  private readonly gates = new Map<string, { running: number; waiting: (() => void)[] }>();

  /** True once admitted; false when the deadline passed first. */
  async enter(key: string, size: number, deadline: number): Promise<boolean> {
    let gate = this.gates.get(key);
    if (!gate) this.gates.set(key, (gate = { running: 0, waiting: [] }));
    if (gate.running < size) {
      gate.running++;
      return true;
    }
    const admitted = await new Promise<boolean>((resolve) => {
      const admit = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        gate.waiting.splice(gate.waiting.indexOf(admit), 1);
        resolve(false);
      }, deadline - Date.now());
      gate.waiting.push(admit);
    });
    return admitted;
  }

  leave(key: string): void {
    const gate = this.gates.get(key);
    if (!gate) return;
    const next = gate.waiting.shift();
    if (next)
      next(); // the slot passes on: `running` stays
    else if (--gate.running === 0) this.gates.delete(key);
  }
}

/**
 * Failed sign-ins counted in the BFF's database, so every replica sees them: per username and address,
 * and per address, either reaching its limit within the window blocks further attempts from there until
 * the window has passed (429 with Retry-After); per username alone they only slow its checks down
 * (SLOW_DOWN_FROM). A session's re-entry of its password (approval step-up, password change) counts per
 * session only: failures elsewhere never refuse the owner's existing session.
 *
 * A failure counts once it has failed: a correct password is never counted, however many sign-ins
 * run at once. Guesses running side by side are still capped, by slots: an attempt checks a password
 * only while holding a slot of its username and of its address, and a key has no more slots than
 * failures it has left (`limit - failures`). Attempts beyond that wait (in this process in line, for
 * other replicas' slots by polling) until a slot is free or the key is blocked — so 30 parallel
 * guesses at one account check at most 5 passwords, and 200 parallel correct sign-ins all succeed.
 * Slots are rows (`inflight:<key>`) taken under an advisory lock per key; a failed attempt's slots
 * turn into its failures in one statement, a successful one's are deleted with the username's
 * failures.
 */
export class SignInThrottle {
  private readonly local = new LocalGates();
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number = Date.now,
    private readonly maxWaitMs: number = MAX_WAIT_MS,
    /** How a slow-down is waited out (tests record it instead of spending the seconds). */
    private readonly waitOut: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** A sign-in's password (or another proof of who one is) for `username` from `address`. */
  guard<T>(username: string, address: string, attempt: () => Promise<T | null>): Promise<GuardedAttempt<T>> {
    const name = username.toLowerCase();
    return this.guardKeys(
      [
        [`user:${name}`, Infinity],
        [`user-addr:${name}@${address}`, MAX_FAILURES_PER_USER_AND_ADDRESS],
        [`addr:${address}`, MAX_FAILURES_PER_ADDRESS],
      ],
      `user-addr:${name}@${address}`,
      attempt,
    );
  }

  /**
   * The password re-entered in a session that exists (`publicId`): an approval's step-up, a password
   * change. Counted per session alone, so wrong passwords sent elsewhere never refuse it, and a stolen
   * session gets MAX_FAILURES_PER_SESSION guesses.
   */
  guardSession<T>(publicId: string, attempt: () => Promise<T | null>): Promise<GuardedAttempt<T>> {
    const key = `session:${publicId}`;
    return this.guardKeys([[key, MAX_FAILURES_PER_SESSION]], key, attempt);
  }

  /** `clearedBySuccess`: the key whose failures a right password clears. */
  private async guardKeys<T>(
    limits: Limit[],
    clearedBySuccess: string,
    attempt: () => Promise<T | null>,
  ): Promise<GuardedAttempt<T>> {
    const deadline = Date.now() + this.maxWaitMs;
    const entered: string[] = [];
    try {
      // Always in the same order (username, pair, address): no two attempts wait on each other.
      for (const [key, limit] of limits) {
        if (!(await this.local.enter(key, limit, deadline))) return { retryAfterSeconds: 1, busy: true };
        entered.push(key);
      }
      const taken = await this.takeSlots(limits, deadline);
      if ('retryAfterSeconds' in taken) return taken;
      const { slots, slowDownMs } = taken;
      let result: T | null;
      try {
        if (slowDownMs > 0) await this.waitOut(slowDownMs);
        result = await attempt();
      } catch (error) {
        // Not a failed sign-in: nothing was learnt about the password.
        await retryOnConnectionLoss(() =>
          this.db.delete(signInFailures).where(inArray(signInFailures.id, slots)),
        );
        throw error;
      }
      if (result === null) {
        // The slots become failures (key without the prefix), in one statement: at no moment does
        // the attempt count neither as a slot nor as a failure. Only slots are turned, so the statement
        // can be sent again when the connection was lost under it.
        const failedAt = new Date(this.now());
        await retryOnConnectionLoss(() =>
          this.db
            .update(signInFailures)
            .set({ key: sql`substr(${signInFailures.key}, ${IN_FLIGHT.length + 1})`, at: failedAt })
            .where(and(inArray(signInFailures.id, slots), like(signInFailures.key, `${IN_FLIGHT}%`))),
        );
      } else {
        // Success clears this place's failures for the account and gives back this attempt's slots; the
        // username's count stays (guesses from elsewhere still slow it down until the window passes).
        await retryOnConnectionLoss(() =>
          this.db
            .delete(signInFailures)
            .where(or(eq(signInFailures.key, clearedBySuccess), inArray(signInFailures.id, slots))),
        );
      }
      return { result };
    } finally {
      for (const key of entered.reverse()) this.local.leave(key);
      for (const wake of this.waiters) wake();
    }
  }

  /** A slot of each key, waiting for one while the keys are full but not blocked, until `deadline`. */
  private async takeSlots(
    limits: Limit[],
    deadline: number,
  ): Promise<{ retryAfterSeconds: number; busy?: true } | { slots: number[]; slowDownMs: number }> {
    for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
      const reserved = await this.reserve(limits);
      if ('retryAfterSeconds' in reserved) return reserved;
      if (reserved.slots) return { slots: reserved.slots, slowDownMs: reserved.slowDownMs };
      if (Date.now() + pause > deadline) return { retryAfterSeconds: 1, busy: true };
      await this.pause(pause);
    }
  }

  /** Sleeps `ms` (with jitter), or until an attempt of this process finishes. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms / 2 + Math.random() * ms);
      this.waiters.add(wake);
    });
  }

  /**
   * Under the keys' advisory locks: blocked (a key has its limit of failures), no slot free now
   * (`slots: null`), or a slot of each key taken (their row ids).
   */
  private reserve(limits: Limit[]): Promise<Reservation> {
    // Sent again on a new connection when the first was lost (a database restart): at worst a slot
    // whose commit went unanswered stays behind, holding nothing after ATTEMPT_TTL_MS.
    return retryOnConnectionLoss(() => this.reserveOnce(limits));
  }

  private reserveOnce(limits: Limit[]): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      for (const [key] of [...limits].sort(([a], [b]) => (a < b ? -1 : 1)))
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${key}))`);
      const now = this.now();
      const keys = limits.flatMap(([key]) => [key, IN_FLIGHT + key]);
      const rows = await tx
        .select({ key: signInFailures.key, at: signInFailures.at })
        .from(signInFailures)
        .where(and(inArray(signInFailures.key, keys), gt(signInFailures.at, new Date(now - WINDOW_MS))));
      const retryAfterSeconds = blockedFor(rows, limits, now);
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      const full = limits.some(([key, limit]) => {
        const failures = rows.filter((row) => row.key === key).length;
        const inFlight = rows.filter(
          (row) => row.key === IN_FLIGHT + key && row.at.getTime() > now - ATTEMPT_TTL_MS,
        ).length;
        return failures + inFlight >= limit;
      });
      if (full) return { slots: null, slowDownMs: 0 };
      const counted = limits
        .filter(([, limit]) => limit === Infinity)
        .map(([key]) => rows.filter((row) => row.key === key).length);
      const beyond = Math.max(0, ...counted) - SLOW_DOWN_FROM + 1;
      const slowDownMs = beyond > 0 ? Math.min(MAX_SLOW_DOWN_MS, beyond * SLOW_DOWN_STEP_MS) : 0;
      const taken = await tx
        .insert(signInFailures)
        .values(limits.map(([key]) => ({ key: IN_FLIGHT + key, at: new Date(now) })))
        .returning({ id: signInFailures.id });
      return { slots: taken.map((row) => row.id), slowDownMs };
    });
  }

  /** Drops failures (and abandoned slots) older than the window: they no longer count. */
  async purge(): Promise<number> {
    const deleted = await this.db
      .delete(signInFailures)
      .where(lt(signInFailures.at, new Date(this.now() - WINDOW_MS)))
      .returning({ id: signInFailures.id });
    return deleted.length;
  }
}

type Reservation = { retryAfterSeconds: number } | { slots: number[] | null; slowDownMs: number };

/** Seconds until the last blocked key unblocks, or 0. */
function blockedFor(rows: { key: string; at: Date }[], limits: Limit[], now: number): number {
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

/** The words of a password re-entry refused for too many wrong ones (approval step-up, passkeys, password change). */
export const tooManyWrongPasswords = (retryAfterSeconds: number) =>
  refusal(
    'password_attempts_throttled',
    `Too many wrong passwords. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    { retry_after_seconds: retryAfterSeconds },
  );
