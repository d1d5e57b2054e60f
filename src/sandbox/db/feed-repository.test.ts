import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, createPostgresDatabase } from '../testing/harness.ts';
import { openDatabase, type DatabaseHandle } from './connect.ts';
import { FeedRepository, parseFeedTotals, totalsBefore, valuesBefore } from './feed-repository.ts';
import { feedValues, producerContracts, producers } from './schema.ts';

describe('feed running totals', () => {
  it('parses the load query text, negative numbers and large totals included', () => {
    const totals = parseFeedTotals('-15,7,1;0,9000000000,2;15,9000000003,3', 3);
    expect([...totals.startMin]).toEqual([-15, 0, 15]);
    expect([...totals.cumWh]).toEqual([7, 9_000_000_000, 9_000_000_003]);
    expect([...totals.cumN]).toEqual([1, 2, 3]);
  });

  it('counts the values before a boundary, rounding the boundary up to the minute', () => {
    const totals = parseFeedTotals('0,5,1;15,12,2;30,20,3', 3);
    expect([-1, 0, 1, 15, 16, 45].map((minute) => valuesBefore(totals, minute))).toEqual([0, 0, 1, 1, 2, 3]);
    expect(totalsBefore(totals, 15 * 60_000)).toEqual({ wh: 5, n: 1 });
    expect(totalsBefore(totals, 15 * 60_000 + 1)).toEqual({ wh: 12, n: 2 });
    expect(totalsBefore(totals, -1)).toEqual({ wh: 0, n: 0 });
  });
});

describe.each(DATABASE_KINDS)('feed repository on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop = async () => {};

  beforeAll(async () => {
    const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
    if (postgres) drop = postgres.drop;
    handle = await openDatabase(postgres?.url ?? 'memory://');
    await handle.db.insert(producers).values({ userId: 'P1', name: 'Test producer' });
    await handle.db.insert(producerContracts).values(
      Array.from({ length: 18 }, (_, index) => ({
        contractId: `K${index}`,
        userId: 'P1',
        description: 'test',
        salespartner: 'test',
      })),
    );
    await handle.db.insert(feedValues).values([
      { contractId: 'K0', startMin: 30, wh: 4, cumWh: 10, cumN: 2 },
      { contractId: 'K0', startMin: 15, wh: 6, cumWh: 6, cumN: 1 },
      { contractId: 'K1', startMin: 0, wh: 1, cumWh: 1, cumN: 1 },
    ]);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('loads a contract in time order with one query, and nothing for a contract without values', async () => {
    const repository = new FeedRepository(handle.db);
    const totals = await repository.totals('K0');
    expect([...totals.startMin]).toEqual([15, 30]);
    expect([...totals.cumWh]).toEqual([6, 10]);
    expect([...totals.cumN]).toEqual([1, 2]);
    expect((await repository.totals('K5')).startMin).toHaveLength(0);
  });

  it('keeps the 16 most recently used contracts and loads others again', async () => {
    const repository = new FeedRepository(handle.db);
    const execute = vi.spyOn(handle.db, 'execute');
    try {
      const first = repository.totals('K0');
      expect(repository.totals('K0')).toBe(first); // concurrent callers share one load
      for (let index = 1; index <= 16; index++) await repository.totals(`K${index}`);
      expect(execute).toHaveBeenCalledTimes(17);
      await repository.totals('K16'); // still cached
      expect(execute).toHaveBeenCalledTimes(17);
      await repository.totals('K0'); // the least recently used, evicted by the sixteenth other
      expect(execute).toHaveBeenCalledTimes(18);
    } finally {
      execute.mockRestore();
    }
  });
});
