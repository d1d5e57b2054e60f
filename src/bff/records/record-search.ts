import { dateInZone } from '../../contract/calendar-date.ts';
import { isRecord } from '../../contract/is-record.ts';
import {
  consumerUrl,
  contractUrl,
  maskIban,
  MAX_SEARCH_RESULTS,
  queryWords,
  recordUrl,
  searchTerms,
  type RecordOperation,
  type SearchKind,
  type SearchResult,
} from '../../contract/records.ts';
import type { RecordRepository, RecordRow } from './record-repository.ts';

/** Which records each kind of result comes from. */
const OPERATIONS_OF: Record<SearchKind, RecordOperation[]> = {
  consumer: ['consumer_migration'],
  contract: ['charges'],
  booking: ['charges'],
  technical_resource: ['technical_resource'],
};
/** Among equally good matches: people first, then contracts, resources, single bookings. */
const KIND_ORDER: SearchKind[] = ['consumer', 'contract', 'technical_resource', 'booking'];
/** Records read per kind of record and search: enough for 20 distinct results after grouping. */
const CANDIDATES = 60;

const field = (row: RecordRow, name: string): string | null => {
  const sent = row.sent;
  if (!isRecord(sent)) return null;
  const value = sent[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
/** The console's calendar: a record made at 00:30 Berlin time was made on that Berlin day. */
const day = (at: Date) => dateInZone(at, 'Europe/Berlin');

/** A booking's type and amount as sent: data, worded by the console in the UI language. */
function transaction(row: RecordRow): SearchResult['transaction'] {
  const sent = row.sent;
  if (!isRecord(sent)) return null;
  const { type_of_transaction: type, amount_cent: cents } = sent;
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return null;
  return type === 'charge' || type === 'credit' ? { type, amount_cent: cents } : null;
}

interface Candidate extends SearchResult {
  /** How many query words equal a term exactly (not only start one). */
  exact: number;
  /** Newer first among equals. */
  recency: number;
}

function consumerResult(row: RecordRow): SearchResult {
  const street = join(field(row, 'deliv_address_street'), field(row, 'deliv_address_house_number')).replace(
    ' · ',
    ' ',
  );
  const place = [field(row, 'deliv_address_zipcode'), field(row, 'deliv_address_city')]
    .filter(Boolean)
    .join(' ');
  const malo = field(row, 'meteringpoint_id');
  return {
    kind: 'consumer',
    title: row.subjectName ?? row.userId ?? '',
    subtitle: join(row.userId, [street, place].filter(Boolean).join(', '), malo && `MaLo ${malo}`),
    url: consumerUrl(row.userId ?? ''),
    transaction: null,
    day: null,
  };
}

function contractResult(
  userId: string,
  contractId: string,
  name: string | undefined,
  lastBooking: Date,
): SearchResult {
  return {
    kind: 'contract',
    title: join(userId, contractId, name),
    subtitle: '',
    url: contractUrl(userId, contractId),
    transaction: null,
    // The day of the latest booking through the console.
    day: day(lastBooking),
  };
}

function bookingResult(row: RecordRow): SearchResult {
  return {
    kind: 'booking',
    title: row.inputId ?? '',
    subtitle: join(row.userId, row.contractId),
    url: `${contractUrl(row.userId ?? '', row.contractId ?? '')}#booking-${row.id}`,
    transaction: transaction(row),
    day: day(row.recordedAt),
  };
}

function technicalResourceResult(row: RecordRow): SearchResult {
  return {
    kind: 'technical_resource',
    title: row.technicalResourceId ?? '',
    subtitle: join(field(row, 'control_resource'), row.contractId),
    url: recordUrl(String(row.id)),
    transaction: null,
    day: day(row.recordedAt),
  };
}

/**
 * `GET /bff/search`: the console's records as people, contracts, resources and bookings, best first, at
 * most 20. A word matches a record when it starts one of its terms (folded: "muller" finds "Müller");
 * results where words equal a term come first, then by kind, then the newest. An empty query gives the
 * most recent.
 */
export async function searchRecords(
  records: RecordRepository,
  query: string,
  kind?: SearchKind,
): Promise<SearchResult[]> {
  const words = queryWords(query);
  const kinds = kind ? [kind] : KIND_ORDER;
  const iban = kinds.includes('consumer') ? ibanOf(query) : null;
  const operations = [...new Set(kinds.flatMap((each) => OPERATIONS_OF[each]))];
  // Each kind of record is looked up on its own, so a thousand bookings of a user ID leave room for the
  // consumer of that ID.
  const [rows, contracts, ibanHolders] = await Promise.all([
    Promise.all(
      operations.map((operation) =>
        words.length === 0
          ? records.recent([operation], CANDIDATES)
          : records.matching(words, operation, CANDIDATES),
      ),
    ).then((perOperation) => perOperation.flat()),
    kinds.includes('contract') && words.length > 0 ? records.contracts(words, MAX_SEARCH_RESULTS) : [],
    iban ? records.withIban(iban, MAX_SEARCH_RESULTS) : [],
  ]);
  const results = new Map<string, Candidate>();
  const add = (result: SearchResult, exact: number, recency: number) => {
    const key = `${result.kind}:${result.url}`;
    const known = results.get(key);
    if (!known || exact > known.exact)
      results.set(key, { ...result, exact, recency: Math.max(recency, known?.recency ?? 0) });
  };
  const exactWords = (terms: string[]) => words.filter((word) => terms.includes(word)).length;

  const contractKeys = new Map<string, { userId: string; contractId: string; last: Date; exact: number }>();
  for (const contract of contracts)
    contractKeys.set(`${contract.userId}\u0000${contract.contractId}`, {
      userId: contract.userId,
      contractId: contract.contractId,
      last: contract.lastRecordedAt,
      exact: exactWords(searchTerms(contract.userId, contract.contractId)),
    });
  for (const row of rows) {
    const exact = exactWords(searchTerms(...termSources(row)));
    const recency = row.recordedAt.getTime();
    if (row.operation === 'consumer_migration' && kinds.includes('consumer') && row.userId)
      add(consumerResult(row), exact, recency);
    if (row.operation === 'technical_resource' && kinds.includes('technical_resource'))
      add(technicalResourceResult(row), exact, recency);
    if (row.operation === 'charges' && row.userId && row.contractId) {
      if (kinds.includes('booking')) add(bookingResult(row), exact, recency);
      const key = `${row.userId}\u0000${row.contractId}`;
      if (kinds.includes('contract') && !contractKeys.has(key))
        contractKeys.set(key, {
          userId: row.userId,
          contractId: row.contractId,
          last: row.recordedAt,
          exact: exactWords(searchTerms(row.userId, row.contractId)),
        });
    }
  }
  // The consumers who gave the IBAN typed: the best possible match (every word of it was matched).
  for (const row of ibanHolders)
    if (row.userId) {
      const consumer = consumerResult(row);
      // Said why it was found, masked as a viewer sees an IBAN: the palette never shows bank data in full.
      const masked = `IBAN ${maskIban(iban ?? '')}`;
      add(
        { ...consumer, subtitle: join(consumer.subtitle, masked) },
        words.length + 1,
        row.recordedAt.getTime(),
      );
    }
  if (contractKeys.size > 0) {
    const names = await records.subjectNames([
      ...new Set([...contractKeys.values()].map(({ userId }) => userId)),
    ]);
    for (const { userId, contractId, last, exact } of contractKeys.values())
      add(contractResult(userId, contractId, names.get(userId), last), exact, last.getTime());
  }
  return [...results.values()]
    .sort(
      (a, b) =>
        b.exact - a.exact || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.recency - a.recency,
    )
    .slice(0, MAX_SEARCH_RESULTS)
    .map(({ exact: _exact, recency: _recency, ...result }) => result);
}

/**
 * The query as an IBAN (`DE89370400440532013000`) when the whole of it is shaped like one, typed with or
 * without spaces or dashes, in any case; else null. Its check digits are not checked: an IBAN typed wrong
 * finds nobody, as it should.
 */
export function ibanOf(query: string): string | null {
  const compact = query.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact) ? compact : null;
}

/** The texts a record's terms were made of (as RecordRepository stores them), for ranking. */
function termSources(row: RecordRow): (string | null)[] {
  if (row.operation === 'consumer_migration')
    return [
      row.userId,
      row.subjectName,
      ...[
        'email',
        'meteringpoint_id',
        'meter_id',
        'deliv_address_street',
        'deliv_address_zipcode',
        'deliv_address_city',
      ].map((name) => field(row, name)),
    ];
  if (row.operation === 'charges')
    return [row.userId, row.contractId, row.inputId, field(row, 'display_name')];
  return [row.technicalResourceId, row.contractId, field(row, 'control_resource')];
}
