import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { auditEntries, consoleRecords } from '../db/schema.ts';
import { charge } from '../testing/charges.ts';
import { startBffWithSandbox, type BffWithSandbox } from '../testing/test-bff.ts';

const PATH = '/v3/producers/P2000/contracts/C2000/charges_and_credits/';

/**
 * An answered write always ends with its status in the audit (issue 41): an entry left at 0 — the connection was
 * lost as its answer was written, or the process died between the two — takes the answer its record holds.
 */
describe('audit entries left without their status', () => {
  let bff: BffWithSandbox;
  let clock = Date.parse('2026-11-28T09:00:00Z');

  beforeAll(async () => {
    bff = await startBffWithSandbox({ now: () => clock, approvalWindowHours: 0 });
  });
  afterAll(() => bff?.close());

  const entryOf = async (inputId: string) => {
    const page = auditPageSchema.parse(
      (
        await bff.call(
          'GET',
          '/bff/audit?operation=producers_contracts_charges_and_credits_create',
          bff.admin,
        )
      ).json(),
    );
    return page.results.find((entry) => entry.targets.input_id === inputId)!;
  };

  it('take the platform’s answer from the write’s record, once they are a minute old', async () => {
    expect(
      (await bff.call('POST', `/api${PATH}`, bff.operator, charge('audit-lost-1', 100))).statusCode,
    ).toBe(201);
    const entry = await entryOf('audit-lost-1');
    expect(entry.status).toBe(201);
    // The answer's update lost: the entry stays at 0 while the record holds the platform's 201.
    const db = bff.app.database.db;
    await db.update(auditEntries).set({ status: 0 }).where(eq(auditEntries.requestId, entry.requestId));
    const [record] = await db.select().from(consoleRecords).where(eq(consoleRecords.inputId, 'audit-lost-1'));
    expect(record).toMatchObject({ requestId: entry.requestId, upstreamStatus: 201 });
    // Still in flight as far as anyone knows: left to its request.
    expect(await bff.app.auditLog.reconcile(clock)).toBe(0);
    clock += 2 * 60_000;
    expect(await bff.app.auditLog.reconcile(clock)).toBe(1);
    expect((await entryOf('audit-lost-1')).status).toBe(201);
    expect(await bff.app.auditLog.reconcile(clock)).toBe(0);
  });

  it('stay at 0 when the record has no answer either (the write may or may not have arrived)', async () => {
    expect(
      (await bff.call('POST', `/api${PATH}`, bff.operator, charge('audit-lost-2', 100))).statusCode,
    ).toBe(201);
    const entry = await entryOf('audit-lost-2');
    const db = bff.app.database.db;
    await db.update(auditEntries).set({ status: 0 }).where(eq(auditEntries.requestId, entry.requestId));
    await db
      .update(consoleRecords)
      .set({ upstreamStatus: null })
      .where(eq(consoleRecords.inputId, 'audit-lost-2'));
    clock += 2 * 60_000;
    expect(await bff.app.auditLog.reconcile(clock)).toBe(0);
    expect((await entryOf('audit-lost-2')).status).toBe(0);
  });
});
