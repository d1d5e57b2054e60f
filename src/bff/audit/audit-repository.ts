import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_AUDIT_USER, type AuditEntry, type AuditFilter } from '../../contract/bff-api.ts';
import { queryRows } from '../../node-shared/db/connect.ts';
import type { BffDatabase } from '../db/connect.ts';
import { auditEntries } from '../db/schema.ts';

type AuditRow = typeof auditEntries.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  time: row.time.toISOString(),
  requestId: row.requestId,
  username: row.username,
  displayName: row.displayName,
  role: row.role,
  operation: row.operation,
  method: row.method,
  path: row.path,
  targets: row.targets,
  status: row.status,
  durationMs: row.durationMs,
});

/** The user ID an attempt was about, as a text column can hold it (no control characters: none then). */
const userIdOf = (entry: AuditEntry) => {
  const userId = entry.targets.userID;
  return userId && !/\p{Cc}/u.test(userId) ? userId : null;
};

const toRow = (entry: AuditEntry) => ({ ...entry, time: new Date(entry.time), userId: userIdOf(entry) });

function statusCondition(status: AuditFilter['status']): SQL | undefined {
  if (status === undefined) return undefined;
  if (typeof status === 'number') return eq(auditEntries.status, status);
  const floor = Number(status[0]) * 100;
  return and(gte(auditEntries.status, floor), lt(auditEntries.status, floor + 100));
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.user === ANONYMOUS_AUDIT_USER
      ? isNull(auditEntries.username)
      : filter.user
        ? eq(auditEntries.username, filter.user)
        : undefined,
    filter.operation ? eq(auditEntries.operation, filter.operation) : undefined,
    filter.user_id ? eq(auditEntries.userId, filter.user_id) : undefined,
    statusCondition(filter.status),
    filter.from ? gte(auditEntries.time, new Date(filter.from)) : undefined,
    filter.to ? lt(auditEntries.time, new Date(filter.to)) : undefined,
  );
}

/** The audit in the BFF's database: written by every replica, read whole by each. */
export class AuditRepository {
  constructor(private readonly db: BffDatabase) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditEntries).values(toRow(entry));
  }

  /**
   * Records an attempt before it is forwarded, with status 0 (no answer yet), so a process that dies
   * between the platform's booking and the answer leaves the attempt in the audit; `answer` completes it.
   */
  async begin(entry: AuditEntry): Promise<number> {
    const [row] = await this.db
      .insert(auditEntries)
      .values(toRow({ ...entry, status: 0 }))
      .returning({ id: auditEntries.id });
    return row!.id;
  }

  /**
   * Audit entries left at status 0 whose write the console's records hold an answer for (the connection was
   * lost as the entry's answer was written, or the process died between the two): each takes the record's
   * status. Entries younger than a minute are left to their request. Runs at start and hourly (issue 41).
   */
  async reconcile(now: number = Date.now()): Promise<number> {
    const settled = await queryRows<{ id: unknown }>(
      this.db,
      sql`update audit_entries a set status = r.upstream_status
        from records r
        where a.status = 0 and r.request_id = a.request_id and r.upstream_status is not null
          and a.time < ${new Date(now - 60_000).toISOString()}::timestamptz
        returning a.id`,
    );
    return settled.length;
  }

  async answer(id: number, status: number, durationMs: number): Promise<void> {
    await this.db.update(auditEntries).set({ status, durationMs }).where(eq(auditEntries.id, id));
  }

  /**
   * Newest first by arrival, as the list shows them (ties by id); `count` matches the filter. Replicas'
   * clocks are compared as they are: keep them synchronised (NTP).
   */
  async page(
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ count: number; results: AuditEntry[] }> {
    const condition = where(filter);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditEntries)
        .where(condition)
        .orderBy(desc(auditEntries.time), desc(auditEntries.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ value: count() }).from(auditEntries).where(condition),
    ]);
    return { count: Number(total?.value ?? 0), results: rows.map(toEntry) };
  }

  /** Every matching entry, newest first, in batches (keyset paging: the export of a year stays flat in memory). */
  async *batches(filter: AuditFilter, batchSize = 1000): AsyncGenerator<AuditEntry[]> {
    let after: { time: Date; id: number } | null = null;
    for (;;) {
      const keyset: SQL | undefined = after
        ? sql`(${auditEntries.time}, ${auditEntries.id}) < (${after.time}, ${after.id})`
        : undefined;
      const rows: AuditRow[] = await this.db
        .select()
        .from(auditEntries)
        .where(and(where(filter), keyset))
        .orderBy(desc(auditEntries.time), desc(auditEntries.id))
        .limit(batchSize);
      if (rows.length === 0) return;
      yield rows.map(toEntry);
      const last: AuditRow = rows[rows.length - 1]!;
      after = { time: last.time, id: last.id };
      if (rows.length < batchSize) return;
    }
  }

  /** Deletes entries older than the cutoff (retention); returns how many. */
  async deleteBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db
      .delete(auditEntries)
      .where(lt(auditEntries.time, cutoff))
      .returning({ id: auditEntries.id });
    return deleted.length;
  }

  /** Entries from audit.jsonl, for the one-off import. */
  async importEntries(entries: AuditEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += 500)
      await this.db.insert(auditEntries).values(entries.slice(start, start + 500).map(toRow));
  }
}
