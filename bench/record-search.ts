/**
 * `GET /bff/search` at 100,000 records (issue 29: "answers within 50 ms"): the search as the BFF runs it
 * (searchRecords over the BFF's database), on embedded PGlite and on PostgreSQL, for typical queries —
 * a name without its umlaut, a name and a first name, a user-ID prefix, an exact market location, a
 * contract prefix shared by thousands of bookings, contract suggestions, the empty query (recent).
 * Medians and p95 of 30 runs after 5 warm-ups. The records are written in batches straight into the
 * tables, with the same terms the console stores (searchTerms), so seeding takes seconds, not minutes.
 */
import { sql } from 'drizzle-orm';
import { withMarketLocationCheckDigit } from '../src/contract/market-location.ts';
import {
  migrationSubjectName,
  nameAddressKey,
  searchTerms,
  type SearchKind,
} from '../src/contract/records.ts';
import { openBffDatabase, type BffDatabaseHandle } from '../src/bff/db/connect.ts';
import { consoleRecords, recordContracts, recordTerms } from '../src/bff/db/schema.ts';
import { RecordRepository } from '../src/bff/records/record-repository.ts';
import { searchRecords } from '../src/bff/records/record-search.ts';

type Row = (...cells: (string | number)[]) => void;

export const SEARCH_RECORDS = 100_000;
const BUDGET_MS = 50;
const FIRST_NAMES = [
  'Jörg',
  'Anna',
  'Jürgen',
  'Sophie',
  'Lukas',
  'Marie',
  'Björn',
  'Lea',
  'Özgür',
  'Renée',
  'Paul',
  'Emma',
];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weiß',
  'Meyer',
  'Wagner',
  'Becker',
  'Schäfer',
  'Koch',
  'Bauer',
  'Groß',
];
const STREETS = ['Hauptstraße', 'Schulstraße', 'Gartenweg', 'Bahnhofstraße', 'Lindenallee', 'Am Mühlbach'];
const CITIES = [
  ['10115', 'Berlin'],
  ['80331', 'München'],
  ['50667', 'Köln'],
  ['20095', 'Hamburg'],
] as const;
const CONTRACTS = 2_000;

/** An 11-digit market location with a valid check digit, from a number. */
const marketLocation = (n: number) =>
  withMarketLocationCheckDigit(`${1 + (n % 9)}${String(n).padStart(9, '0').slice(-9)}`);

/** The i-th record: 40 % migrations, 55 % bookings on 2,000 contracts, 5 % technical resources. */
function recordAt(i: number) {
  const recordedAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
  const base = {
    source: 'single' as const,
    recordedBy: 'olga',
    recordedByDisplayName: null,
    recordedAt,
    duplicateOf: [],
    acknowledgedDuplicates: [],
    upstreamStatus: 201,
  };
  if (i % 20 < 8) {
    const [zip, city] = CITIES[i % CITIES.length]!;
    const sent = {
      first_name: FIRST_NAMES[i % FIRST_NAMES.length]!,
      last_name: LAST_NAMES[Math.floor(i / 7) % LAST_NAMES.length]!,
      email: `kunde${i}@example.org`,
      meteringpoint_id: marketLocation(i),
      deliv_address_street: STREETS[i % STREETS.length]!,
      deliv_address_house_number: String(1 + (i % 120)),
      deliv_address_zipcode: zip,
      deliv_address_city: city,
      bank_data_iban: 'DE89370400440532013000',
    };
    const userId = `K-${100_000 + i}`;
    const subjectName = migrationSubjectName(sent);
    return {
      record: {
        ...base,
        operation: 'consumer_migration' as const,
        userId,
        sent,
        subjectName,
        marketLocation: sent.meteringpoint_id,
        nameAddressKey: nameAddressKey(sent),
      },
      terms: searchTerms(
        userId,
        subjectName,
        sent.first_name,
        sent.last_name,
        sent.email,
        sent.meteringpoint_id,
        sent.deliv_address_street,
        zip,
        city,
      ),
    };
  }
  if (i % 20 < 19) {
    const contract = i % CONTRACTS;
    const userId = `P${1000 + contract}`;
    const contractId = `C${1000 + contract}`;
    const inputId = `bonus-${i}`;
    const sent = {
      type_of_transaction: 'credit',
      amount_cent: 1000 + (i % 5000),
      is_gross: true,
      vat_type: 'normal',
      due_date: '2026-01-31',
      input_id: inputId,
      display_name: 'Einspeisebonus',
    };
    return {
      record: { ...base, operation: 'charges' as const, userId, contractId, inputId, sent },
      terms: searchTerms(userId, contractId, inputId, sent.display_name),
      contract: { userId, contractId, lastRecordedAt: recordedAt },
    };
  }
  const technicalResourceId = `D${String(1_000_000_000 + i).slice(-10)}`;
  const contractId = `C${1000 + (i % CONTRACTS)}`;
  const sent = {
    contract_id: contractId,
    control_resource: 'C1137355923',
    technical_resource_id: technicalResourceId,
    market_location_feed: marketLocation(i),
    market_location_supply: marketLocation(i + 1),
  };
  return {
    record: { ...base, operation: 'technical_resource' as const, contractId, technicalResourceId, sent },
    terms: searchTerms(
      technicalResourceId,
      contractId,
      sent.control_resource,
      sent.market_location_feed,
      sent.market_location_supply,
    ),
  };
}

async function seed(handle: BffDatabaseHandle): Promise<number> {
  const started = performance.now();
  const batch = 1_000;
  for (let from = 0; from < SEARCH_RECORDS; from += batch) {
    const made = Array.from({ length: batch }, (_, k) => recordAt(from + k));
    await handle.db.transaction(async (tx) => {
      const ids = await tx
        .insert(consoleRecords)
        .values(made.map(({ record }) => record))
        .returning({ id: consoleRecords.id });
      await tx
        .insert(recordTerms)
        .values(
          made.flatMap(({ record, terms }, k) =>
            terms.map((term) => ({ recordId: ids[k]!.id, operation: record.operation, term })),
          ),
        );
      const contracts = new Map(
        made.flatMap((made) =>
          'contract' in made && made.contract
            ? [[`${made.contract.userId}/${made.contract.contractId}`, made.contract]]
            : [],
        ),
      );
      await tx
        .insert(recordContracts)
        .values([...contracts.values()])
        .onConflictDoUpdate({
          target: [recordContracts.userId, recordContracts.contractId],
          set: { lastRecordedAt: sql`excluded.last_recorded_at` },
        });
    });
  }
  await handle.db.execute(sql`analyze`);
  return performance.now() - started;
}

const QUERIES: [label: string, query: string, kind?: SearchKind][] = [
  ['"muller" (12,000 Müllers among 40,000 consumers)', 'muller'],
  ['"jörg mül" (two words)', 'jörg mül'],
  ['"K-1234" (user-ID prefix)', 'K-1234'],
  ['exact market location', marketLocation(40_000)],
  ['"c10" (thousands of bookings)', 'c10'],
  ['"P1" contract suggestions', 'P1', 'contract'],
  ['"" (recent records)', ''],
  // One-letter words while typing: each drives or is checked over at most 5,000 rows of the term index.
  ['"e c" (two one-letter words)', 'e c'],
  ['"m c"', 'm c'],
  ['"1 2 3 4 5 6 7 8" (eight words)', '1 2 3 4 5 6 7 8'],
];

async function timings(records: RecordRepository, query: string, kind?: SearchKind) {
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < 35; i++) {
    const started = performance.now();
    results = (await searchRecords(records, query, kind)).length;
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    results,
  };
}

/** Seeds 100,000 records into a fresh BFF database at `url` and times the queries. */
export async function benchRecordSearch(label: string, url: string, row: Row): Promise<void> {
  const handle = await openBffDatabase(url);
  try {
    const seedMs = await seed(handle);
    row(
      `search, ${label}: seed ${SEARCH_RECORDS.toLocaleString('en')} records`,
      `${(seedMs / 1000).toFixed(1)} s`,
      '',
      '',
    );
    const records = new RecordRepository(handle.db);
    for (const [name, query, kind] of QUERIES) {
      const { median, p95, results } = await timings(records, query, kind);
      row(
        `search, ${label}: ${name}`,
        `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${results} results)`,
        `budget ${BUDGET_MS} ms`,
        p95 <= BUDGET_MS ? 'ok' : 'OVER',
      );
    }
  } finally {
    await handle.close();
  }
}

// `npx tsx bench/record-search.ts [url]`: this benchmark alone (embedded PGlite in memory by default).
if (process.argv[1]?.endsWith('record-search.ts')) {
  const { printTable } = await import('./table.ts');
  const rows: string[][] = [];
  await benchRecordSearch(process.argv[2] ?? 'memory://', process.argv[2] ?? 'memory://', (...cells) =>
    rows.push(cells.map(String)),
  );
  printTable('record search', rows);
}
