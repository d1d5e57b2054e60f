import { and, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import { isConnectionLoss } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { accountLinks, type ACCOUNT_LINK_KINDS } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who acted on whose credentials: linked people cannot approve each other's requests (issue 41). */
    accountLinks: AccountLinks;
  }
}

export type AccountLinkKind = (typeof ACCOUNT_LINK_KINDS)[number];

/** The kinds by which someone set an account's password, and so may know it (and every password set after it from a session they held). */
const PASSWORD_SETTERS: AccountLinkKind[] = ['account_created', 'password_reset'];

/**
 * People, not accounts (issue 41): four eyes mean two people, and one person can hold two accounts — one
 * they created, one whose password they reset (and then changed themselves, from the session the temporary
 * password opened), or their own SSO identity beside a local account they made. Each such act is kept here
 * as a link between the two accounts, in either direction, with its time; the approvals plugin refuses an
 * approval between linked accounts (approver-eligibility.ts).
 *
 * A passkey has no password to trace, so it is linked by where it could come from: a passkey registered on
 * an account links the account again with the last other person who set its password (created the account
 * or reset it), as of the registration. Whoever set that password could have been holding the session that
 * registered it, and neither a later change of the password nor the passkey proves otherwise: the person
 * who set the temporary password can make that change themselves. Only a reset by someone else moves the
 * link on to them.
 */
export class AccountLinks {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number,
  ) {}

  /** Records that `actor` acted on `subject`'s credentials now; the row's id. An act on oneself links nobody. */
  async record(actor: string, subject: string, kind: AccountLinkKind): Promise<number | null> {
    if (actor === subject) return null;
    const [row] = await this.db
      .insert(accountLinks)
      .values({ actor, subject, kind, at: new Date(this.now()) })
      .returning({ id: accountLinks.id });
    return row!.id;
  }

  /**
   * Runs a change of `subject`'s credentials by `actor` with its link recorded first, so no change stands
   * without its link. The link is taken back when the change did not happen: it answered null, false or
   * undefined (no such account), or failed — but not by a lost connection, after which it may have happened.
   */
  async linkedChange<T>(
    actor: string,
    subject: string,
    kind: AccountLinkKind,
    change: () => Promise<T>,
  ): Promise<T> {
    const id = await this.record(actor, subject, kind);
    const forget = () =>
      id === null
        ? Promise.resolve()
        : this.db
            .delete(accountLinks)
            .where(eq(accountLinks.id, id))
            .then(() => {});
    let result: T;
    try {
      result = await change();
    } catch (error) {
      if (!isConnectionLoss(error)) await forget();
      throw error;
    }
    if (result === null || result === undefined || result === false) await forget();
    return result;
  }

  /**
   * A passkey registered on `subject` now: links it again with the last other person who set its password
   * (see the class comment). Nobody to link when only its owner ever did (an account from before the links,
   * whose creation the audit no longer knows, is linked with nobody).
   */
  async passkeyRegistered(subject: string): Promise<void> {
    const [setter] = await this.db
      .select({ actor: accountLinks.actor })
      .from(accountLinks)
      .where(
        and(
          eq(accountLinks.subject, subject),
          inArray(accountLinks.kind, PASSWORD_SETTERS),
          ne(accountLinks.actor, subject),
        ),
      )
      .orderBy(desc(accountLinks.at), desc(accountLinks.id))
      .limit(1);
    if (setter) await this.record(setter.actor, subject, 'passkey_registered');
  }

  /**
   * The accounts linked with `username` by a link made at or after `since`, in either direction, each with
   * its latest such link's time.
   */
  async linkedWith(username: string, since: Date): Promise<Map<string, Date>> {
    const rows = await this.db
      .select({
        actor: accountLinks.actor,
        subject: accountLinks.subject,
        latest: sql<Date>`max(${accountLinks.at})`.mapWith(accountLinks.at),
      })
      .from(accountLinks)
      .where(
        and(
          or(eq(accountLinks.actor, username), eq(accountLinks.subject, username)),
          gte(accountLinks.at, since),
        ),
      )
      .groupBy(accountLinks.actor, accountLinks.subject);
    const linked = new Map<string, Date>();
    for (const row of rows) {
      const other = row.actor === username ? row.subject : row.actor;
      const { latest } = row;
      if (other !== username && !(latest <= (linked.get(other) ?? new Date(0)))) linked.set(other, latest);
    }
    return linked;
  }
}
