import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SharedReportParams } from '../../contract/shared-reports.ts';
import type { BffDatabase } from '../db/connect.ts';
import { sharedReports } from '../db/schema.ts';

export type SharedReportRow = typeof sharedReports.$inferSelect;

/** 256 random bits, base64url: unguessable, and short enough for a message. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** What is stored of a token: a copy of the database holds no working link. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface NewSharedReport {
  report: SharedReportParams;
  createdBy: string;
  createdByName: string | null;
  note: string;
  expiresAt: Date;
  createdAt: Date;
}

/** What an opening found: the row as it is after this opening was counted, or why there is none. */
export type Opening =
  { kind: 'open'; row: SharedReportRow } | { kind: 'revoked' | 'expired' } | { kind: 'unknown' };

/** The links in the BFF's database, shared by every replica. */
export class SharedReportRepository {
  constructor(private readonly db: BffDatabase) {}

  /** Stores a new link; answers its row and the token, which exists only in this answer. */
  async create(link: NewSharedReport): Promise<{ row: SharedReportRow; token: string }> {
    const token = newToken();
    const { report } = link;
    const [row] = await this.db
      .insert(sharedReports)
      .values({
        tokenHash: tokenHash(token),
        createdBy: link.createdBy,
        createdByName: link.createdByName,
        userId: report.user,
        contractId: report.contract,
        fromDate: report.from,
        toDate: report.to,
        aggregation: report.agg,
        timeZone: report.tz,
        view: report.view,
        compare: report.compare,
        capacityKw: report.capacity_kw,
        note: link.note,
        createdAt: link.createdAt,
        expiresAt: link.expiresAt,
      })
      .returning();
    return { row: row!, token };
  }

  /** A contract's links, newest first. */
  list(userId: string, contractId: string): Promise<SharedReportRow[]> {
    return this.db
      .select()
      .from(sharedReports)
      .where(and(eq(sharedReports.userId, userId), eq(sharedReports.contractId, contractId)))
      .orderBy(desc(sharedReports.createdAt), desc(sharedReports.id))
      .limit(500);
  }

  find(id: number): Promise<SharedReportRow | undefined> {
    return this.db
      .select()
      .from(sharedReports)
      .where(eq(sharedReports.id, id))
      .then((rows) => rows[0]);
  }

  /** Revokes a link (a second revocation keeps the first's time); the row, or undefined when unknown. */
  async revoke(id: number, by: string, at: Date): Promise<SharedReportRow | undefined> {
    const [row] = await this.db
      .update(sharedReports)
      .set({
        revokedAt: sql`coalesce(${sharedReports.revokedAt}, ${at.toISOString()}::timestamptz)`,
        revokedBy: sql`coalesce(${sharedReports.revokedBy}, ${by})`,
      })
      .where(eq(sharedReports.id, id))
      .returning();
    return row;
  }

  /**
   * The link of a token, read from the database on every opening (never a replica's cache: a revocation
   * elsewhere holds at once). A live link's opening is counted in the same statement.
   */
  async open(token: string, at: Date, count: boolean): Promise<Opening> {
    const hash = tokenHash(token);
    if (count) {
      const [opened] = await this.db
        .update(sharedReports)
        .set({ openCount: sql`${sharedReports.openCount} + 1`, lastOpenedAt: at })
        .where(
          and(
            eq(sharedReports.tokenHash, hash),
            sql`${sharedReports.revokedAt} is null`,
            sql`${sharedReports.expiresAt} > ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (opened) return { kind: 'open', row: opened };
    }
    const [row] = await this.db.select().from(sharedReports).where(eq(sharedReports.tokenHash, hash));
    if (!row) return { kind: 'unknown' };
    if (row.revokedAt) return { kind: 'revoked' };
    if (row.expiresAt.getTime() <= at.getTime()) return { kind: 'expired' };
    return { kind: 'open', row };
  }
}
