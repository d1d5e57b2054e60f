import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBffDatabase, type TestBffDatabase } from '../testing/databases.ts';
import { CampaignRepository } from './campaign-repository.ts';

describe('campaign rows and their claims', () => {
  let database: TestBffDatabase;
  let campaigns: CampaignRepository;
  let clock = Date.parse('2026-11-24T10:00:00Z');

  beforeAll(async () => {
    database = await openTestBffDatabase('pglite');
    campaigns = new CampaignRepository(database.handle.db, () => clock);
  });
  afterAll(() => database?.close());

  const start = async (id: string) => {
    await campaigns.create(
      {
        id,
        kind: 'charges',
        fileName: 'a.csv',
        owner: 'olga',
        ownerDisplayName: null,
        ownerRole: 'operator',
        approvalId: null,
        total: 1,
      },
      [{ row: 1, userId: 'P1000', contractId: 'C1000', inputId: 'x-1', body: {}, status: 'pending' }],
    );
  };

  it('ignores the late answer of a runner whose claim was taken over: the other runner’s outcome stands', async () => {
    await start('taken-over');
    const first = (await campaigns.claimRow('taken-over', 35_000))!;
    clock += 40_000; // the first runner went silent past the lease
    const second = (await campaigns.claimRow('taken-over', 35_000))!;
    expect(second).toMatchObject({ row: 1, attempts: 2, unanswered: true });
    await campaigns.settle('taken-over', second, { outcome: 'created', message: null });
    // The first runner wakes up with its old claim: none of its writes may touch the row.
    await campaigns.settle('taken-over', first, { outcome: 'skipped', message: 'late', review: true });
    await campaigns.retryLater('taken-over', first, {
      at: clock,
      message: 'late',
      unanswered: false,
      failingSince: clock,
    });
    await campaigns.unclaim('taken-over', first);
    const described = await campaigns.describe((await campaigns.find('taken-over'))!);
    expect(described.counts.created).toBe(1);
    expect(described.counts.skipped).toBe(0);
    expect(described.pending).toBe(0);
  });

  it('counts a row left in flight by a stopped campaign as unknown, not as remaining', async () => {
    await start('left-in-flight');
    await campaigns.claimRow('left-in-flight', 35_000);
    expect((await campaigns.describe((await campaigns.find('left-in-flight'))!)).pending).toBe(1);
    await campaigns.transition('left-in-flight', ['running'], 'cancelled');
    const cancelled = await campaigns.describe((await campaigns.find('left-in-flight'))!);
    expect(cancelled.pending).toBe(0);
    expect(cancelled.counts.unknown).toBe(1);
  });
  it('counts a row in flight right after a pause as remaining until its runner’s lease is over, then as unknown', async () => {
    const leased = new CampaignRepository(database.handle.db, () => clock, 35_000);
    await start('paused-in-flight');
    await leased.claimRow('paused-in-flight', 35_000);
    await leased.transition('paused-in-flight', ['running'], 'paused');
    const justPaused = await leased.describe((await leased.find('paused-in-flight'))!);
    expect(justPaused).toMatchObject({ pending: 1, counts: { unknown: 0 } });
    clock += 36_000;
    const later = await leased.describe((await leased.find('paused-in-flight'))!);
    expect(later).toMatchObject({ pending: 0, counts: { unknown: 1 } });
  });
});
