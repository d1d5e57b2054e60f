import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { isRecord } from '../../contract/is-record.ts';
import {
  migrationSubjectName,
  nameAddressKey,
  searchTerms,
  type DuplicateCheck,
  type DuplicateReason,
  type RecordOperation,
  type RecordSource,
} from '../../contract/records.ts';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import type { BffDatabase } from '../db/connect.ts';
import { consoleRecords, recordContracts, recordTerms } from '../db/schema.ts';

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
}

export interface FoundDuplicate {
  row: RecordRow;
  reason: DuplicateReason;
}

const text = (body: Record<string, unknown>, field: string): string | null => {
  const value = body[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** A market location as compared: digits and letters only, upper case. */
const foldMarketLocation = (value: string | null) => value?.replace(/[^\dA-Za-z]/g, '').toUpperCase() || null;

/** Where the platform accepted the write, or no answer came (it may be stored): what search and pages show. */
const notRefused = or(isNull(consoleRecords.upstreamStatus), lt(consoleRecords.upstreamStatus, 300))!;
const accepted = and(gte(consoleRecords.upstreamStatus, 200), lt(consoleRecords.upstreamStatus, 300))!;

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
        ...['deliv_address_street', 'deliv_address_zipcode', 'deliv_address_city'].map((field) =>
          text(body, field),
        ),
      ),
    };
  }
  if (draft.operation === 'charges')
    return {
      inputId,
      technicalResourceId,
      contractId,
      subjectName: null,
      marketLocation: null,
      nameAddressKey: null,
      terms: searchTerms(draft.userId, contractId, inputId, text(body, 'display_name')),
    };
  return {
    inputId,
    technicalResourceId,
    contractId,
    subjectName: null,
    marketLocation: null,
    nameAddressKey: null,
    terms: searchTerms(
      technicalResourceId,
      contractId,
      text(body, 'control_resource'),
      text(body, 'market_location_feed'),
      text(body, 'market_location_supply'),
    ),
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
          duplicateAcknowledged: draft.acknowledged.length > 0,
        })
        // Another attempt of the same write: the record it already has.
        .onConflictDoUpdate({
          target: consoleRecords.sourceRef,
          set: { sourceRef: sql`excluded.source_ref` },
        })
        .returning({ id: consoleRecords.id, inserted: sql<boolean>`xmax = 0` });
      const { id, inserted } = row!;
      // Another attempt of a write already recorded: its terms and its contract are already known.
      if (!inserted) return id;
      if (derived.terms.length > 0)
        await tx
          .insert(recordTerms)
          .values(derived.terms.map((term) => ({ recordId: id, term })))
          .onConflictDoNothing();
      if (draft.operation === 'charges' && draft.userId && derived.contractId)
        await tx
          .insert(recordContracts)
          .values({
            userId: draft.userId,
            contractId: derived.contractId,
            bookings: 1,
            lastRecordedAt: recordedAt,
          })
          .onConflictDoUpdate({
            target: [recordContracts.userId, recordContracts.contractId],
            set: { bookings: sql`${recordContracts.bookings} + 1`, lastRecordedAt: recordedAt },
          });
      return id;
    });
  }

  /**
   * Completes a record with the platform's answer (status 0: none came). An accepted answer is never
   * replaced by a later attempt's (which would be the platform's "already used").
   */
  async answer(id: number, status: number, body: unknown): Promise<void> {
    await retryOnConnectionLoss(() =>
      this.db
        .update(consoleRecords)
        .set({
          upstreamStatus: status === 0 ? null : status,
          upstreamBody: body ?? null,
          answeredAt: new Date(this.now()),
        })
        .where(
          and(
            eq(consoleRecords.id, id),
            or(isNull(consoleRecords.upstreamStatus), gte(consoleRecords.upstreamStatus, 300)),
          ),
        ),
    );
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

  /** A contract's bookings (newest first, at most `limit`) and technical resources through the console. */
  async contract(userId: string, contractId: string, limit = 1000) {
    const [bookings, technicalResources, producerName] = await Promise.all([
      this.db
        .select()
        .from(consoleRecords)
        .where(
          and(
            eq(consoleRecords.userId, userId),
            eq(consoleRecords.contractId, contractId),
            eq(consoleRecords.operation, 'charges'),
          ),
        )
        .orderBy(desc(consoleRecords.id))
        .limit(limit),
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
    return { bookings, technicalResources, producerName };
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
      .where(and(eq(consoleRecords.operation, operation), accepted, or(...conditions)))
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
   * Records of the given operations with a term starting with each word, at most `limit`: the longest word
   * drives (the most selective, one index range), the others are checked per candidate. Exact terms
   * first, then the newest.
   */
  async matching(
    words: readonly string[],
    operations: readonly RecordOperation[],
    limit: number,
  ): Promise<RecordRow[]> {
    const [driver, ...others] = [...words].sort((a, b) => b.length - a.length);
    if (!driver) return [];
    const prefix = (column: SQL | typeof recordTerms.term, word: string) =>
      sql`${column} >= ${word} and ${column} < ${word + MAX_CHAR}`;
    const otherTerm = sql.raw('other.term');
    const candidates = await this.db
      .select({ id: recordTerms.recordId })
      .from(recordTerms)
      .where(
        and(
          prefix(recordTerms.term, driver),
          ...others.map(
            (word) =>
              sql`exists (select 1 from record_terms other where other.record_id = ${recordTerms.recordId} and ${prefix(otherTerm, word)})`,
          ),
        ),
      )
      .orderBy(recordTerms.term, desc(recordTerms.recordId))
      .limit(limit * 4);
    const ids = [...new Set(candidates.map(({ id }) => id))].slice(0, limit);
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(consoleRecords)
      .where(
        and(inArray(consoleRecords.id, ids), inArray(consoleRecords.operation, [...operations]), notRefused),
      );
    const order = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /** Contracts the console booked on whose user or contract ID starts with each word, latest first. */
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

  /** Drops the records (their terms with them) recorded before `before`: retention. */
  async purgeBefore(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(consoleRecords)
      .where(lte(consoleRecords.recordedAt, before))
      .returning({ id: consoleRecords.id });
    // A contract whose every booking is purged is no longer known.
    await this.db.execute(
      sql`delete from record_contracts c where not exists (select 1 from records r where r.user_id = c.user_id and r.contract_id = c.contract_id and r.operation = 'charges')`,
    );
    return deleted.length;
  }
}
