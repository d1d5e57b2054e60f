import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOutcome } from '../../contract/records.ts';
import { exampleCharge, exampleConsumer } from '../../contract/testing/examples.ts';
import { openBffDatabase, type BffDatabaseHandle } from '../db/connect.ts';
import { RecordRepository, type RecordDraft } from './record-repository.ts';
import { searchRecords } from './record-search.ts';

const booking = (inputId: string, extra: Partial<RecordDraft> = {}): RecordDraft => ({
  operation: 'charges',
  source: 'single',
  userId: 'P1000',
  contractId: 'C1000',
  sent: { ...exampleCharge, input_id: inputId },
  recordedBy: 'olga',
  recordedByDisplayName: null,
  acknowledged: [],
  ...extra,
});
const ALREADY_EXISTS = {
  input_id: ['A charge or credit with this input_id already exists on this contract.'],
};

describe('RecordRepository', () => {
  let database: BffDatabaseHandle;
  let records: RecordRepository;
  const outcome = async (id: number) => {
    const row = await records.find(id);
    return recordOutcome(row!.upstreamStatus, row!.confirmedByRetry);
  };

  beforeAll(async () => {
    database = await openBffDatabase('memory://');
    records = new RecordRepository(database.db);
  });
  afterAll(() => database?.close());

  it('takes a retry’s "already exists" after an unanswered attempt as proof the first was stored', async () => {
    const draft = booking('retry-1', { source: 'approval', sourceRef: 'approval:a1' });
    const first = await records.begin(draft);
    await records.answer(first, 0, null);
    expect(await outcome(first)).toBe('unknown');
    const again = await records.begin(draft);
    expect(again).toBe(first);
    await records.answer(again, 400, ALREADY_EXISTS);
    expect(await outcome(first)).toBe('created');
    expect((await records.contracts(['p1000'], 5)).map((contract) => contract.contractId)).toEqual(['C1000']);
  });

  it('keeps a single write refused as "already exists" refused: nothing says this one was stored', async () => {
    const id = await records.begin(booking('single-dup'));
    await records.answer(id, 400, ALREADY_EXISTS);
    expect(await outcome(id)).toBe('refused');
  });

  it('takes a single write sent again after no answer, refused as "already exists", as proof the first was stored', async () => {
    const first = await records.begin(booking('resent-1', { contractId: 'C1001' }));
    await records.answer(first, 0, null);
    const again = await records.begin(booking('resent-1', { contractId: 'C1001' }));
    await records.answer(again, 400, ALREADY_EXISTS);
    expect([await outcome(first), await outcome(again)]).toEqual(['created', 'refused']);
    expect((await records.contracts(['c1001'], 5)).map((contract) => contract.contractId)).toEqual(['C1001']);
    // Another contract's booking of the same input_id is not this one.
    const elsewhere = await records.begin(booking('resent-2', { contractId: 'C1002' }));
    await records.answer(elsewhere, 0, null);
    const other = await records.begin(booking('resent-2', { contractId: 'C1003' }));
    await records.answer(other, 400, ALREADY_EXISTS);
    expect(await outcome(elsewhere)).toBe('unknown');
  });

  it('never replaces an accepted answer with a later attempt’s', async () => {
    const draft = booking('accepted-1', { source: 'bulk', sourceRef: 'campaign:1' });
    const id = await records.begin(draft);
    await records.answer(id, 201, { contract_id: 'C1000' });
    await records.begin(draft);
    await records.answer(id, 400, ALREADY_EXISTS);
    const row = await records.find(id);
    expect(row).toMatchObject({ upstreamStatus: 201, attempts: 2 });
  });

  it('takes a platform 5xx as "may be stored", and finds it', async () => {
    const id = await records.begin(booking('gateway-1'));
    await records.answer(id, 503, { detail: 'Service unavailable' });
    expect(await outcome(id)).toBe('unknown');
    expect((await searchRecords(records, 'gateway-1')).map((result) => result.kind)).toContain('booking');
  });

  it('does not make a contract known from a refused booking (a typo such as C1OOO)', async () => {
    const id = await records.begin(booking('typo-1', { contractId: 'C1OOO' }));
    await records.answer(id, 404, { detail: 'Unknown contract.' });
    expect(await records.contracts(['c1ooo'], 5)).toEqual([]);
    expect(await searchRecords(records, 'C1OOO')).toEqual([]);
  });

  it('stores a name with a NUL in it, without the NUL in what is searched', async () => {
    const id = await records.begin({
      operation: 'consumer_migration',
      source: 'bulk',
      sourceRef: 'campaign:nul',
      userId: 'K-NUL',
      sent: { ...exampleConsumer, last_name: 'Mül\u0000ler' },
      recordedBy: 'olga',
      recordedByDisplayName: null,
      acknowledged: [],
    });
    expect((await records.find(id))?.subjectName).toBe('Erika Mül ler');
  });

  it('finds the consumer of a user ID that also has hundreds of bookings, when asked for consumers', async () => {
    const migration = await records.begin({
      operation: 'consumer_migration',
      source: 'single',
      userId: 'P7000',
      sent: { ...exampleConsumer, company_name: 'Sonnendach GmbH' },
      recordedBy: 'olga',
      recordedByDisplayName: null,
      acknowledged: [],
    });
    await records.answer(migration, 201, null);
    for (let i = 0; i < 850; i++) {
      const id = await records.begin(booking(`many-${i}`, { userId: 'P7000', contractId: 'C7000' }));
      await records.answer(id, 201, null);
    }
    expect(await searchRecords(records, 'P7000', 'consumer')).toEqual([
      expect.objectContaining({ kind: 'consumer', title: 'Sonnendach GmbH', url: '/consumers/P7000' }),
    ]);
    const mixed = await searchRecords(records, 'P7000');
    expect(mixed.map((result) => result.kind).slice(0, 2)).toEqual(['consumer', 'contract']);
    expect(mixed[1]).toMatchObject({ title: 'P7000 · C7000 · Sonnendach GmbH' });
  });

  it('finds a consumer by the address as shown, punctuation and all', async () => {
    const id = await records.begin({
      operation: 'consumer_migration',
      source: 'single',
      userId: 'K-ADDR',
      sent: { ...exampleConsumer, first_name: 'Łukasz', last_name: 'Ørsted' },
      recordedBy: 'olga',
      recordedByDisplayName: null,
      acknowledged: [],
    });
    await records.answer(id, 201, null);
    for (const query of ['Hauptstraße 1a', 'Ørsted, Łukasz', 'lukasz orsted', '(K-ADDR)'])
      expect((await searchRecords(records, query))[0], query).toMatchObject({ url: '/consumers/K-ADDR' });
  });

  it('purges records past retention in batches, their terms and contracts with them', async () => {
    const before = await searchRecords(records, 'many-1');
    expect(before.length).toBeGreaterThan(0);
    expect(await records.purgeBefore(new Date(Date.now() + 60_000))).toBeGreaterThan(850);
    expect(await searchRecords(records, 'many-1')).toEqual([]);
    expect(await records.contracts(['p'], 5)).toEqual([]);
  });
});
