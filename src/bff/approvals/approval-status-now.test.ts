import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBffDatabase, type BffDatabase, type BffDatabaseHandle } from '../db/connect.ts';
import { approvals } from '../db/schema.ts';
import { ApprovalRepository, type NewApproval } from './approval-repository.ts';

const HOUR_MS = 3_600_000;
const LEASE_MS = 60_000;
const OTTO = { username: 'otto', displayName: null };
const request = (inputId: string, userId: string): NewApproval => ({
  id: randomUUID(),
  kind: 'charge',
  method: 'POST',
  path: `/v3/producers/${userId}/contracts/C1000/charges_and_credits/`,
  bodyText: '{}',
  digest: 'digest',
  userId,
  contractId: 'C1000',
  inputId,
  campaignId: null,
  totalGrossCent: 250_000,
  totals: [],
  requestedBy: 'olga',
});

/** The database, counting the writes sent through it. */
function countingWrites(db: BffDatabase): { db: BffDatabase; writes: () => number } {
  let writes = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (
        !['update', 'insert', 'delete', 'execute'].includes(String(property)) ||
        typeof value !== 'function'
      )
        return value;
      return (...args: unknown[]) => {
        writes += 1;
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { db: counted, writes: () => writes };
}

describe('approval status as the clock says, when reading (issue 43: reads never write)', () => {
  let database: BffDatabaseHandle;
  let clock = Date.parse('2026-11-24T08:00:00Z');
  let writer: ApprovalRepository;
  let reader: ApprovalRepository;
  let writes: () => number;
  beforeAll(async () => {
    database = await openBffDatabase('memory://');
    writer = new ApprovalRepository(database.db, () => clock, HOUR_MS, LEASE_MS);
    const counting = countingWrites(database.db);
    reader = new ApprovalRepository(counting.db, () => clock, HOUR_MS, LEASE_MS);
    writes = counting.writes;
  });
  afterAll(() => database?.close());

  const stored = async (id: string) =>
    (await database.db.select().from(approvals).where(eq(approvals.id, id)))[0]!;

  it('reads a pending request past its expiry as expired, decided then, in every read, and writes nothing', async () => {
    const due = await writer.create(request('due-1', 'P2000'));
    clock += HOUR_MS;
    const before = await stored(due.id);

    expect(await reader.find(due.id)).toMatchObject({ status: 'expired', decidedAt: due.expiresAt });
    expect((await reader.page({ status: 'expired' }, 10, 0)).results.map((row) => row.id)).toContain(due.id);
    expect((await reader.page({ status: 'pending' }, 10, 0)).results.map((row) => row.id)).not.toContain(
      due.id,
    );
    const decided = await reader.page({ requestedBy: 'olga', decidedOnly: true }, 10, 0);
    expect(decided.results.map((row) => row.id)).toContain(due.id);
    expect((await reader.decisionsFor('olga')).unseen).toBeGreaterThanOrEqual(1);
    expect(await reader.openFor('P2000', 'C1000', 'due-1')).toBeNull();

    expect(writes()).toBe(0);
    expect(await stored(due.id)).toEqual(before);
    expect(before.status).toBe('pending');
  });

  it('refuses to reject or withdraw an expired request although it is still stored pending', async () => {
    const due = await writer.create(request('due-2', 'P2001'));
    clock += HOUR_MS;
    expect(await writer.close(due.id, 'rejected', OTTO, 'no')).toBeNull();
    expect(await writer.close(due.id, 'withdrawn', { username: 'olga', displayName: null }, null)).toBeNull();
    expect(await writer.approve(due.id, OTTO, new Date(clock), 'signature', 'sending')).toBeNull();
    expect((await stored(due.id)).status).toBe('pending');
  });

  it('lets a new request take the input_id of an expired one, storing the old one expired', async () => {
    const due = await writer.create(request('due-3', 'P2002'));
    clock += HOUR_MS;
    const again = await writer.create(request('due-3', 'P2002'));
    expect(again.status).toBe('pending');
    expect(await stored(due.id)).toMatchObject({ status: 'expired', decidedAt: due.expiresAt });
  });

  it('reads a forward past its lease as unknown, and the sweep stores what reads showed', async () => {
    const created = await writer.create(request('lease-1', 'P2003'));
    const claimed = await writer.approve(created.id, OTTO, new Date(clock), 'signature', 'sending');
    expect(claimed?.status).toBe('sending');
    expect((await reader.find(created.id))?.status).toBe('sending');
    clock += LEASE_MS + 1;
    const shown = await reader.find(created.id);
    expect(shown?.status).toBe('unknown');
    expect((await reader.page({ status: 'unknown' }, 10, 0)).results.map((row) => row.id)).toContain(
      created.id,
    );
    expect((await reader.openFor('P2003', 'C1000', 'lease-1'))?.status).toBe('unknown');
    expect(writes()).toBe(0);
    expect((await stored(created.id)).status).toBe('sending');

    await writer.expireDue();
    await writer.markStaleUnknown();
    expect(await stored(created.id)).toEqual(shown);
  });
});
