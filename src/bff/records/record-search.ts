import { isRecord } from '../../contract/is-record.ts';
import {
  consumerUrl,
  contractUrl,
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
const day = (row: RecordRow) => row.recordedAt.toISOString().slice(0, 10);

/** Cents as `12.50 EUR`: data, not words (the console shows it in either language). */
function amount(row: RecordRow): string | null {
  const sent = row.sent;
  if (!isRecord(sent) || typeof sent.amount_cent !== 'number') return null;
  return `${(sent.amount_cent / 100).toFixed(2)} EUR`;
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
  };
}

function contractResult(
  userId: string,
  contractId: string,
  name: string | undefined,
  lastDay: string,
): SearchResult {
  return {
    kind: 'contract',
    title: join(userId, contractId, name),
    // The day of the latest booking through the console.
    subtitle: lastDay,
    url: contractUrl(userId, contractId),
  };
}

function bookingResult(row: RecordRow): SearchResult {
  return {
    kind: 'booking',
    title: row.inputId ?? '',
    subtitle: join(field(row, 'type_of_transaction'), amount(row), row.userId, row.contractId, day(row)),
    url: `${contractUrl(row.userId ?? '', row.contractId ?? '')}#booking-${row.id}`,
  };
}

function technicalResourceResult(row: RecordRow): SearchResult {
  return {
    kind: 'technical_resource',
    title: row.technicalResourceId ?? '',
    subtitle: join(field(row, 'control_resource'), row.contractId, day(row)),
    url: recordUrl(String(row.id)),
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
  const operations = [...new Set(kinds.flatMap((each) => OPERATIONS_OF[each]))];
  // Each kind of record is looked up on its own, so a thousand bookings of a user ID leave room for the
  // consumer of that ID.
  const [rows, contracts] = await Promise.all([
    Promise.all(
      operations.map((operation) =>
        words.length === 0
          ? records.recent([operation], CANDIDATES)
          : records.matching(words, operation, CANDIDATES),
      ),
    ).then((perOperation) => perOperation.flat()),
    kinds.includes('contract') && words.length > 0 ? records.contracts(words, MAX_SEARCH_RESULTS) : [],
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
  if (contractKeys.size > 0) {
    const names = await records.subjectNames([
      ...new Set([...contractKeys.values()].map(({ userId }) => userId)),
    ]);
    for (const { userId, contractId, last, exact } of contractKeys.values())
      add(
        contractResult(userId, contractId, names.get(userId), last.toISOString().slice(0, 10)),
        exact,
        last.getTime(),
      );
  }
  return [...results.values()]
    .sort(
      (a, b) =>
        b.exact - a.exact || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.recency - a.recency,
    )
    .slice(0, MAX_SEARCH_RESULTS)
    .map(({ kind: resultKind, title, subtitle, url }) => ({ kind: resultKind, title, subtitle, url }));
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
