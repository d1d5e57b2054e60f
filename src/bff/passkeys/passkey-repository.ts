import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Passkey } from '../../contract/passkeys.ts';
import type { BffDatabase } from '../db/connect.ts';
import { passkeyChallenges, passkeys } from '../db/schema.ts';

/** Advisory lock class of the sign-in challenges' per-address count (the second half is the address's hash). */
const CHALLENGE_LOCK_CLASS = 0x504b;

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** What a verified registration stores. */
export interface NewPasskey {
  username: string;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** What the owner sees of a passkey. */
export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** Passkeys of local accounts and the challenges handed out for them, in the BFF's database. */
export class PasskeyRepository {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number,
  ) {}

  async list(username: string): Promise<PasskeyRow[]> {
    return this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.username, username))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  }

  async countOf(username: string): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(passkeys)
      .where(eq(passkeys.username, username));
    return Number(row?.value ?? 0);
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
    return row;
  }

  async add(passkey: NewPasskey): Promise<PasskeyRow> {
    const [row] = await this.db
      .insert(passkeys)
      .values({ ...passkey, id: randomUUID(), createdAt: new Date(this.now()) })
      .returning();
    return row!;
  }

  /** Renames one of `username`'s passkeys; undefined when it has none with this id. */
  async rename(username: string, id: string, name: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.username, username)))
      .returning();
    return row;
  }

  /** Removes one of `username`'s passkeys; false when it has none with this id. */
  async remove(username: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.username, username)))
      .returning({ id: passkeys.id });
    return removed.length > 0;
  }

  /** Removes every passkey of `username` (a password reset: whoever held the account may have added one); how many. */
  async removeAllOf(username: string): Promise<number> {
    const removed = await this.db
      .delete(passkeys)
      .where(eq(passkeys.username, username))
      .returning({ id: passkeys.id });
    return removed.length;
  }

  /** After a verified sign-in: the authenticator's new counter and backup state, and when. */
  async recordUse(id: string, counter: number, backedUp: boolean): Promise<void> {
    await this.db
      .update(passkeys)
      .set({ counter, backedUp, lastUsedAt: new Date(this.now()) })
      .where(eq(passkeys.id, id));
  }

  async issueChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    username: string | null,
    ttlMs: number,
  ): Promise<void> {
    await this.db.insert(passkeyChallenges).values({
      challenge,
      purpose,
      username,
      issuedAt: new Date(this.now()),
      expiresAt: new Date(this.now() + ttlMs),
    });
  }

  /**
   * A sign-in challenge for `clientAddress`, unless that address was given `perMinute` within the last
   * minute: then how many seconds until the oldest of them leaves the minute. Counted in the database
   * under an advisory lock per address, so replicas and parallel requests share one count. Expired
   * challenges (of anyone) are deleted first, so the table holds at most the challenges of the last
   * CHALLENGE_TTL_MS, and per address at most `perMinute` for each of its minutes.
   */
  async issueSignInChallenge(
    challenge: string,
    clientAddress: string,
    ttlMs: number,
    perMinute: number,
  ): Promise<{ retryAfterSeconds: number } | null> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${CHALLENGE_LOCK_CLASS}::int, hashtext(${clientAddress}))`,
      );
      await tx.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, new Date(now)));
      const recent = await tx
        .select({ issuedAt: passkeyChallenges.issuedAt })
        .from(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.clientAddress, clientAddress),
            gt(passkeyChallenges.issuedAt, new Date(now - 60_000)),
          ),
        )
        .orderBy(asc(passkeyChallenges.issuedAt))
        .limit(perMinute);
      if (recent.length >= perMinute) {
        const oldest = recent[0]!.issuedAt.getTime();
        return { retryAfterSeconds: Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000)) };
      }
      await tx.insert(passkeyChallenges).values({
        challenge,
        purpose: 'authentication',
        username: null,
        clientAddress,
        issuedAt: new Date(now),
        expiresAt: new Date(now + ttlMs),
      });
      return null;
    });
  }

  /**
   * Uses up a challenge: true once, for an unexpired challenge of this purpose (and account, for a
   * registration). One DELETE … RETURNING, so two replicas given the same answer cannot both accept it.
   */
  async consumeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    username: string | null,
  ): Promise<boolean> {
    const conditions: SQL[] = [
      eq(passkeyChallenges.challenge, challenge),
      eq(passkeyChallenges.purpose, purpose),
      gt(passkeyChallenges.expiresAt, new Date(this.now())),
      username === null ? isNull(passkeyChallenges.username) : eq(passkeyChallenges.username, username),
    ];
    const used = await this.db
      .delete(passkeyChallenges)
      .where(and(...conditions))
      .returning({ challenge: passkeyChallenges.challenge });
    return used.length > 0;
  }

  /** Deletes expired challenges (the scheduled clean-up); how many. */
  async purgeExpiredChallenges(): Promise<number> {
    const removed = await this.db
      .delete(passkeyChallenges)
      .where(lte(passkeyChallenges.expiresAt, new Date(this.now())))
      .returning({ challenge: passkeyChallenges.challenge });
    return removed.length;
  }
}
