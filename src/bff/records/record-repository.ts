import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { isDuplicateAnswer } from '../../contract/api/duplicate-answer.ts';
import { isRecord } from '../../contract/is-record.ts';
import {
  migrationSubjectName,
  nameAddressKey,
  recordOutcome,
  searchTerms,
  type DuplicateCheck,
  type DuplicateReason,
  type RecordApproval,
  type RecordOperation,
  type RecordSource,
} from '../../contract/records.ts';
import { queryRows, toNumber } from '../../node-shared/db/connect.ts';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { approvals, consoleRecords, recordContracts, recordTerms } from '../db/schema.ts';

export type RecordRow = typeof consoleRecords.$inferSelect;

/** A write about to be sent: what the record starts with. */
export interface RecordDraft {
  operation: RecordOperation;
  source: RecordSource;
  /** The campaign (bulk) or approval (approval). */
  sourceId?: string | null;
  /** One logical write's key across its attempts (`<campaign>:<row>`, `<approval>`): one record. */
  sourceRef?: string | null;
  /** The path's user ID (migrations, charges). */
  userId?: string | null;
  /** The path's contract ID (charges). */
  contractId?: string | null;
  /** The JSON body as sent. */
  sent: unknown;
  recordedBy: string;
  recordedByDisplayName: string | null;
  /** Ids of earlier records the sender was warned about and sent anyway (the second click). */
  acknowledged: string[];
  /**
   * A charge or credit sent without a second person's approval: its gross total, which counts toward the
   * contract's sum in BFF_APPROVAL_WINDOW_H (ApprovalWindow). Unset: not counted.
   */
  unapprovedGrossCent?: number | null;
  /** This attempt's request ID, as its audit entry has it (the latest attempt's is kept). */
  requestId?: string | null;
}

export interface FoundDuplicate {
  row: RecordRow;
  reason: DuplicateReason;
}

/** A write the console booked: what was sent, and where and by whom (bookedUnder). */
export interface BookedWrite {
  sent: unknown;
  source: string;
  sourceRef: string | null;
  recordedBy: string;
  recordedAt: Date;
}

/** A booked write's key: a charge's contract and `input_id`, a migration's user ID. */
export const bookedKey = (
  operation: 'charges' | 'consumer_migration',
  userId: string,
  contractId: string | null,
  inputId: string | null,
) => JSON.stringify(operation === 'charges' ? [userId, contractId, inputId] : [userId]);

/** A member's text, without control characters (a NUL cannot be stored in a text column). */
const text = (body: Record<string, unknown>, field: string): string | null => {
  const value = body[field];
  if (typeof value !== 'string') return null;
  const clean = value.replace(/\p{Cc}/gu, ' ').trim();
  return clean === '' ? null : clean;
};

/** A market location as compared: digits and letters only, upper case. */
const foldMarketLocation = (value: string | null) => value?.replace(/[^\dA-Za-z]/g, '').toUpperCase() || null;

/** Accepted by the platform: a 2xx, or confirmed by a retry's "already exists". */
const accepted = or(
  and(gte(consoleRecords.upstreamStatus, 200), lt(consoleRecords.upstreamStatus, 300)),
  eq(consoleRecords.confirmedByRetry, true),
)!;
/** Accepted, or no answer / a 5xx (it may be stored): what search finds and duplicates are compared with. */
const notRefused = or(
  accepted,
  isNull(consoleRecords.upstreamStatus),
  gte(consoleRecords.upstreamStatus, 500),
)!;
/** The platform's writes as the duplicate-answer rule names them. */
const IDEMPOTENT_WRITE = {
  charges: 'charge',
  consumer_migration: 'consumer_migration',
  technical_resource: 'technical_resource',
} as const;
/** At most this many rows of the term index are read per search. */
const SCANNED = 2_000;
const PURGE_BATCH = 5_000;

/** The largest code point: `term < prefix || MAX` holds for every term starting with `prefix` (COLLATE "C"). */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/**
 * What the record of each kind is keyed and found by, derived from what was sent: the ids, the
 * consumer's name and address, the market location.
 */
function derive(draft: RecordDraft) {
  const body = isRecord(draft.sent) ? draft.sent : {};
  const inputId = draft.operation === 'charges' ? text(body, 'input_id') : null;
  const technicalResourceId =
    draft.operation === 'technical_resource' ? text(body, 'technical_resource_id') : null;
  const contractId =
    draft.operation === 'technical_resource' ? text(body, 'contract_id') : (draft.contractId ?? null);
  if (draft.operation === 'consumer_migration') {
    const subjectName = migrationSubjectName({
      company_name: text(body, 'company_name'),
      first_name: text(body, 'first_name'),
      last_name: text(body, 'last_name'),
    });
    const fields = ['deliv_address_zipcode', 'deliv_address_street', 'deliv_address_house_number'] as const;
    const address = Object.fromEntries(fields.map((field) => [field, text(body, field)]));
    return {
      inputId,
      technicalResourceId,
      contractId,
      subjectName,
      marketLocation: foldMarketLocation(text(body, 'meteringpoint_id')),
      nameAddressKey: nameAddressKey({
        company_name: text(body, 'company_name'),
        first_name: text(body, 'first_name'),
        last_name: text(body, 'last_name'),
        ...address,
      }),
      terms: searchTerms(
        draft.userId,
        subjectName,
        ...['first_name', 'last_name', 'company_name', 'email', 'meteringpoint_id', 'meter_id'].map((field) =>
          text(body, field),
        ),
        ...[
          'deliv_address_street',
          'deliv_address_house_number',
          'deliv_address_zipcode',
          'deliv_address_city',
        ].map((field) => text(body, field)),
      ),
    };
  }
  const terms =
    draft.operation === 'charges'
      ? searchTerms(draft.userId, contractId, inputId, text(body, 'display_name'))
      : searchTerms(
          technicalResourceId,
          contractId,
          ...['control_resource', 'market_location_feed', 'market_location_supply'].map((field) =>
            text(body, field),
          ),
        );
  return {
    inputId,
    technicalResourceId,
    contractId,
    subjectName: null,
    marketLocation: null,
    nameAddressKey: null,
    terms,
  };
}

/**
 * The console's records in the BFF's database, shared by every replica. A write is recorded before it is
 * sent (no answer yet) and completed with the platform's answer, like the audit, so a process that dies
 * between the two leaves the attempt on record as "no answer".
 */
export class RecordRepository {
  constructor(
    private readonly db: BffDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Writes the console has booked (the platform answered 2xx, or a retry's "exists" confirmed it) under these
   * keys: a charge's `input_id` on its contract, a migration's user ID. The latest per key, looked up 500 at a
   * time (a bulk file's rows, issue 42: the same file again sends nothing that was booked).
   */
  async bookedUnder(
    operation: 'charges' | 'consumer_migration',
    keys: readonly { userId: string; contractId?: string | null; inputId?: string | null }[],
  ): Promise<Map<string, BookedWrite>> {
    const booked = new Map<string, BookedWrite>();
    for (let start = 0; start < keys.length; start += 500) {
      const batch = keys.slice(start, start + 500);
      const rows = await this.db
        .select()
        .from(consoleRecords)
        .where(
          and(
            eq(consoleRecords.operation, operation),
            operation === 'charges'
              ? inArray(consoleRecords.inputId, [...new Set(batch.map((key) => key.inputId ?? ''))])
              : inArray(consoleRecords.userId, [...new Set(batch.map((key) => key.userId))]),
            or(
              and(gte(consoleRecords.upstreamStatus, 200), lt(consoleRecords.upstreamStatus, 300)),
              eq(consoleRecords.confirmedByRetry, true),
            ),
          ),
        )
        .orderBy(consoleRecords.id);
      for (const row of rows)
        booked.set(bookedKey(operation, row.userId ?? '', row.contractId, row.inputId), {
          sent: row.sent,
          source: row.source,
          sourceRef: row.sourceRef,
          recordedBy: row.recordedBy,
          recordedAt: row.recordedAt,
        });
    }
    return booked;
  }

  /** The same records inside a transaction (the approval window's, which holds its contract's lock). */
  within(db: BffDatabase): RecordRepository {
    return new RecordRepository(db, this.now);
  }

  /** Records a write before it is sent; the same `sourceRef` again (another attempt) reuses its record. */
  async begin(draft: RecordDraft): Promise<number> {
    const derived = derive(draft);
    const duplicates = await this.duplicatesOf(draft.operation, derived);
    const recordedAt = new Date(this.now());
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(consoleRecords)
        .values({
          operation: draft.operation,
          source: draft.source,
          sourceId: draft.sourceId ?? null,
          sourceRef: draft.sourceRef ?? null,
          userId: draft.userId ?? null,
          contractId: derived.contractId,
          inputId: derived.inputId,
          technicalResourceId: derived.technicalResourceId,
          subjectName: derived.subjectName,
          marketLocation: derived.marketLocation,
          nameAddressKey: derived.nameAddressKey,
          sent: draft.sent,
          recordedBy: draft.recordedBy,
          recordedByDisplayName: draft.recordedByDisplayName,
          recordedAt,
          duplicateOf: duplicates.map(({ row: earlier }) => String(earlier.id)),
          acknowledgedDuplicates: draft.acknowledged,
          unapprovedGrossCent: draft.unapprovedGrossCent ?? null,
          requestId: draft.requestId ?? null,
        })
        // Another attempt of the same write: the record it already has, one attempt more.
        .onConflictDoUpdate({
          target: consoleRecords.sourceRef,
          set: {
            attempts: sql`${consoleRecords.attempts} + 1`,
            requestId: sql`excluded.request_id`,
          },
        })
        .returning({ id: consoleRecords.id, inserted: sql<boolean>`xmax = 0` });
      const { id, inserted } = row!;
      // Another attempt of a write already recorded: its terms and its contract are already known.
      if (!inserted) return id;
      if (derived.terms.length > 0)
        await tx
          .insert(recordTerms)
          .values(derived.terms.map((term) => ({ recordId: id, operation: draft.operation, term })))
          .onConflictDoNothing();
      return id;
    });
  }

  /**
   * Completes a record with the platform's answer (status 0: none came). An accepted answer is never
   * replaced by a later attempt's; a retry after an unanswered attempt that the platform refuses as "already
   * exists" confirms the first one was stored. An accepted booking makes its contract known.
   */
  async answer(id: number, status: number, body: unknown): Promise<void> {
    const answeredAt = new Date(this.now());
    const upstreamStatus = status === 0 ? null : status;
    await retryOnConnectionLoss(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.select().from(consoleRecords).where(eq(consoleRecords.id, id)).for('update');
        if (!row || recordOutcome(row.upstreamStatus, row.confirmedByRetry) === 'created') return;
        const exists = isDuplicateAnswer(IDEMPOTENT_WRITE[row.operation], status, body);
        const confirmedByRetry = row.attempts > 1 && exists;
        await tx
          .update(consoleRecords)
          .set({ upstreamStatus, upstreamBody: body ?? null, answeredAt, confirmedByRetry })
          .where(eq(consoleRecords.id, id));
        const outcome = recordOutcome(upstreamStatus, confirmedByRetry);
        // Refused: nothing is stored at the platform, so search does not find it (its pages still list it).
        if (outcome === 'refused') await tx.delete(recordTerms).where(eq(recordTerms.recordId, id));
        // A single write sent again by staff after no answer, refused as "already exists": the earlier
        // attempt without an answer is the one that was stored.
        const confirmed = exists && !row.sourceRef ? await this.confirmUnanswered(tx, row) : null;
        if (outcome === 'created') await this.knowContract(tx, row);
        if (confirmed) await this.knowContract(tx, confirmed);
      }),
    );
  }

  /** The latest earlier record of the same write (same key) still without an answer, marked as stored. */
  private async confirmUnanswered(tx: BffDatabase, row: RecordRow): Promise<RecordRow | null> {
    const sameWrite =
      row.operation === 'charges'
        ? and(
            eq(consoleRecords.userId, row.userId ?? ''),
            eq(consoleRecords.contractId, row.contractId ?? ''),
            eq(consoleRecords.inputId, row.inputId ?? ''),
          )
        : row.operation === 'consumer_migration'
          ? eq(consoleRecords.userId, row.userId ?? '')
          : eq(consoleRecords.technicalResourceId, row.technicalResourceId ?? '');
    const [earlier] = await tx
      .select({ id: consoleRecords.id })
      .from(consoleRecords)
      .where(
        and(
          eq(consoleRecords.operation, row.operation),
          sameWrite,
          lt(consoleRecords.id, row.id),
          eq(consoleRecords.confirmedByRetry, false),
          or(isNull(consoleRecords.upstreamStatus), gte(consoleRecords.upstreamStatus, 500)),
        ),
      )
      .orderBy(desc(consoleRecords.id))
      .limit(1);
    if (!earlier) return null;
    const [confirmed] = await tx
      .update(consoleRecords)
      .set({ confirmedByRetry: true })
      .where(eq(consoleRecords.id, earlier.id))
      .returning();
    return confirmed ?? null;
  }

  /** An accepted booking makes its contract known (suggestions). */
  private async knowContract(tx: BffDatabase, row: RecordRow): Promise<void> {
    if (row.operation !== 'charges' || !row.userId || !row.contractId) return;
    await tx
      .insert(recordContracts)
      .values({ userId: row.userId, contractId: row.contractId, lastRecordedAt: row.recordedAt })
      .onConflictDoUpdate({
        target: [recordContracts.userId, recordContracts.contractId],
        set: { lastRecordedAt: sql`greatest(${recordContracts.lastRecordedAt}, excluded.last_recorded_at)` },
      });
  }

  async find(id: number): Promise<RecordRow | null> {
    const [row] = await this.db.select().from(consoleRecords).where(eq(consoleRecords.id, id));
    return row ?? null;
  }

  /** A consumer's migrations through the console, newest first. */
  consumer(userId: string): Promise<RecordRow[]> {
    return this.db
      .select()
      .from(consoleRecords)
      .where(and(eq(consoleRecords.operation, 'consumer_migration'), eq(consoleRecords.userId, userId)))
      .orderBy(desc(consoleRecords.id))
      .limit(100);
  }

  /**
   * A contract's bookings (newest first, at most `limit`), what every booking on it was (body and status
   * only: the totals are over all of them) and its technical resources through the console.
   */
  async contract(userId: string, contractId: string, limit = 500) {
    const onContract = and(
      eq(consoleRecords.userId, userId),
      eq(consoleRecords.contractId, contractId),
      eq(consoleRecords.operation, 'charges'),
    );
    const [bookings, everyBooking, technicalResources, producerName] = await Promise.all([
      this.db.select().from(consoleRecords).where(onContract).orderBy(desc(consoleRecords.id)).limit(limit),
      this.db
        .select({
          sent: consoleRecords.sent,
          upstreamStatus: consoleRecords.upstreamStatus,
          confirmedByRetry: consoleRecords.confirmedByRetry,
        })
        .from(consoleRecords)
        .where(onContract),
      this.db
        .select()
        .from(consoleRecords)
        .where(
          and(eq(consoleRecords.contractId, contractId), eq(consoleRecords.operation, 'technical_resource')),
        )
        .orderBy(desc(consoleRecords.id))
        .limit(100),
      this.subjectNames([userId]).then((names) => names.get(userId) ?? null),
    ]);
    return { bookings, everyBooking, technicalResources, producerName };
  }

  /**
   * Who asked for and who approved each record sent after an approval, by record id: the four eyes a
   * booking's card names. Records of other sources, and approvals not (or no longer) decided, are left out.
   */
  async approvalsOf(rows: readonly RecordRow[]): Promise<Map<number, RecordApproval>> {
    const approvalIds = [
      ...new Set(rows.flatMap((row) => (row.source === 'approval' && row.sourceId ? [row.sourceId] : []))),
    ];
    if (approvalIds.length === 0) return new Map();
    const decided = await this.db
      .select({
        id: approvals.id,
        requestedBy: approvals.requestedBy,
        requestedByDisplayName: approvals.requestedByDisplayName,
        requestedAt: approvals.requestedAt,
        decidedBy: approvals.decidedBy,
        decidedByDisplayName: approvals.decidedByDisplayName,
        decidedAt: approvals.decidedAt,
      })
      .from(approvals)
      .where(inArray(approvals.id, approvalIds));
    const byId = new Map(decided.map((approval) => [approval.id, approval]));
    const parties = new Map<number, RecordApproval>();
    for (const row of rows) {
      const approval = row.source === 'approval' && row.sourceId ? byId.get(row.sourceId) : undefined;
      if (!approval?.decidedBy || !approval.decidedAt) continue;
      parties.set(row.id, {
        requested_by: approval.requestedBy,
        requested_by_display_name: approval.requestedByDisplayName,
        requested_at: approval.requestedAt.toISOString(),
        approved_by: approval.decidedBy,
        approved_by_display_name: approval.decidedByDisplayName,
        approved_at: approval.decidedAt.toISOString(),
      });
    }
    return parties;
  }

  /** The name the console knows for each user ID: its latest accepted migration's consumer name. */
  async subjectNames(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([consoleRecords.userId], {
        userId: consoleRecords.userId,
        name: consoleRecords.subjectName,
      })
      .from(consoleRecords)
      .where(
        and(
          eq(consoleRecords.operation, 'consumer_migration'),
          inArray(consoleRecords.userId, [...userIds]),
          accepted,
        ),
      )
      .orderBy(consoleRecords.userId, desc(consoleRecords.id));
    return new Map(rows.flatMap(({ userId, name }) => (userId && name ? [[userId, name] as const] : [])));
  }

  /** Earlier accepted writes a new one (as checked by staff) would repeat, newest first. */
  duplicates(check: DuplicateCheck): Promise<FoundDuplicate[]> {
    if (check.operation === 'technical_resource')
      return this.duplicatesOf('technical_resource', {
        technicalResourceId: check.technical_resource_id.trim() || null,
        marketLocation: null,
        nameAddressKey: null,
      });
    return this.duplicatesOf('consumer_migration', {
      technicalResourceId: null,
      marketLocation: foldMarketLocation(check.meteringpoint_id?.trim() || null),
      nameAddressKey: nameAddressKey(check),
    });
  }

  private async duplicatesOf(
    operation: RecordOperation,
    keys: {
      technicalResourceId: string | null;
      marketLocation: string | null;
      nameAddressKey: string | null;
    },
  ): Promise<FoundDuplicate[]> {
    const conditions: SQL[] = [];
    if (operation === 'technical_resource' && keys.technicalResourceId)
      conditions.push(eq(consoleRecords.technicalResourceId, keys.technicalResourceId));
    if (operation === 'consumer_migration') {
      if (keys.marketLocation) conditions.push(eq(consoleRecords.marketLocation, keys.marketLocation));
      if (keys.nameAddressKey) conditions.push(eq(consoleRecords.nameAddressKey, keys.nameAddressKey));
    }
    if (conditions.length === 0) return [];
    const rows = await this.db
      .select()
      .from(consoleRecords)
      .where(and(eq(consoleRecords.operation, operation), notRefused, or(...conditions)))
      .orderBy(desc(consoleRecords.id))
      .limit(5);
    return rows.map((row) => ({
      row,
      reason:
        operation === 'technical_resource'
          ? 'technical_resource_id'
          : keys.marketLocation && row.marketLocation === keys.marketLocation
            ? 'market_location'
            : 'name_and_address',
    }));
  }

  /** The newest records that may be stored at the platform, of the given operations. */
  recent(operations: readonly RecordOperation[], limit: number): Promise<RecordRow[]> {
    return this.db
      .select()
      .from(consoleRecords)
      .where(and(inArray(consoleRecords.operation, [...operations]), notRefused))
      .orderBy(desc(consoleRecords.id))
      .limit(limit);
  }

  /**
   * Records of one operation, accepted or possibly stored (refused ones have no terms), with a term starting
   * with each word, at most `limit`. The longest word drives: one range of the term index, read in index order
   * (a term equal to the word first, each term's newest first). Other words are checked per candidate among
   * at most SCANNED rows of that range, so a query costs the same however common its words; one-letter words
   * beside a longer one are left out (they would match nearly everything), and a query of one-letter words
   * uses its first.
   */
  async matching(words: readonly string[], operation: RecordOperation, limit: number): Promise<RecordRow[]> {
    const [driver, ...rest] = [...words].sort((a, b) => b.length - a.length);
    if (!driver) return [];
    const others = driver.length < 2 ? [] : rest.filter((word) => word.length >= 2);
    const range = (column: SQL, word: string) => sql`${column} >= ${word} and ${column} < ${word + MAX_CHAR}`;
    const inRange = sql`operation = ${operation} and ${range(sql.raw('term'), driver)}`;
    // `desc nulls last` as the index is built: with the default (nulls first) the index cannot give the
    // order, and the planner sorts the whole range instead (48 ms for 55,000 rows on PGlite, 0.4 ms now).
    const candidates =
      others.length === 0
        ? await queryRows<{ id: string | number }>(
            this.db,
            sql`select record_id as id from record_terms where ${inRange} order by term, record_id desc nulls last limit ${limit * 2}`,
          )
        : await queryRows<{ id: string | number }>(
            this.db,
            sql`select candidate.record_id as id
              from (select record_id, term from record_terms where ${inRange} order by term, record_id desc nulls last limit ${SCANNED}) candidate
              where ${sql.join(
                others.map(
                  (word) =>
                    sql`exists (select 1 from record_terms other where other.record_id = candidate.record_id and ${range(sql.raw('other.term'), word)})`,
                ),
                sql` and `,
              )}
              order by candidate.term, candidate.record_id desc nulls last
              limit ${limit * 2}`,
          );
    const ids = [...new Set(candidates.map(({ id }) => toNumber(id)))].slice(0, limit);
    if (ids.length === 0) return [];
    const rows = await this.db.select().from(consoleRecords).where(inArray(consoleRecords.id, ids));
    const order = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /**
   * Migrations (accepted or possibly stored) that sent exactly this IBAN, compared without spaces, dashes
   * and case (`compactIban` is already so), newest first. Whole IBANs only, never a part: bank data is not
   * searched by prefix. Read only for a query shaped like an IBAN (searchRecords), so the scan stays rare.
   */
  withIban(compactIban: string, limit: number): Promise<RecordRow[]> {
    return this.db
      .select()
      .from(consoleRecords)
      .where(
        and(
          eq(consoleRecords.operation, 'consumer_migration'),
          notRefused,
          sql`upper(regexp_replace(${consoleRecords.sent}->>'bank_data_iban', '[^[:alnum:]]', '', 'g')) = ${compactIban}`,
        ),
      )
      .orderBy(desc(consoleRecords.id))
      .limit(limit);
  }

  /** Contracts the platform accepted a booking on, whose user or contract ID starts with each word, latest first. */
  contracts(words: readonly string[], limit: number) {
    const folded = (
      column: SQL.Aliased | typeof recordContracts.userId | typeof recordContracts.contractId,
    ) => sql`lower(${column})`;
    return this.db
      .select()
      .from(recordContracts)
      .where(
        and(
          ...words.map((word) => {
            const pattern = `${word.replace(/[\\%_]/g, '\\$&')}%`;
            return or(
              sql`${folded(recordContracts.userId)} like ${pattern}`,
              sql`${folded(recordContracts.contractId)} like ${pattern}`,
            );
          }),
        ),
      )
      .orderBy(desc(recordContracts.lastRecordedAt))
      .limit(limit);
  }

  /**
   * Drops the records (their terms with them) recorded before `before`, in batches so no statement holds
   * the tables long, then the contracts no booking is left for: retention.
   */
  async purgeBefore(before: Date): Promise<number> {
    let purged = 0;
    for (;;) {
      const deleted = await queryRows<{ id: unknown }>(
        this.db,
        sql`delete from records where id in (select id from records where recorded_at <= ${before} order by id limit ${PURGE_BATCH}) returning id`,
      );
      purged += deleted.length;
      if (deleted.length < PURGE_BATCH) break;
    }
    if (purged > 0)
      await this.db.execute(
        sql`delete from record_contracts c where not exists (select 1 from records r where r.user_id = c.user_id and r.contract_id = c.contract_id and r.operation = 'charges')`,
      );
    return purged;
  }
}
