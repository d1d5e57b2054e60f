import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADER, type AuditEntry } from '../../contract/bff-api.ts';
import { BFF_DATABASE_KINDS, openTestBffDatabase, type TestBffDatabase } from '../testing/databases.ts';
import { auditCsv } from './audit-csv.ts';
import { AuditRepository } from './audit-repository.ts';

const START = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 60 * 60_000;

/**
 * 240 entries, one per hour from 2026-01-01: two local users, one SSO user and signed-out attempts,
 * three statuses.
 */
function entries(): AuditEntry[] {
  return Array.from({ length: 240 }, (_, i): AuditEntry => ({
    time: new Date(START + i * HOUR).toISOString(),
    requestId: `r-${i}`,
    username: i % 4 === 3 ? null : ['olga', 'victor', 'sso:248289761001'][i % 4]!,
    displayName: i % 4 === 2 ? 'Jane Doe' : null,
    role: i % 4 === 3 ? null : (['operator', 'viewer', 'admin'] as const)[i % 4]!,
    operation: i % 2 ? 'migrations_consumers_create' : 'producers_contracts_charges_and_credits_create',
    method: 'POST',
    path: '/api/v3/x/',
    targets: i === 7 ? { input_id: '=HYPERLINK("http://evil")' } : { userID: `U-${i}` },
    status: [201, 400, 403][i % 3]!,
    durationMs: 12.5,
  }));
}

describe.each(BFF_DATABASE_KINDS)('AuditRepository on %s', (kind) => {
  let database: TestBffDatabase;
  let audit: AuditRepository;

  beforeAll(async () => {
    database = await openTestBffDatabase(kind);
    audit = new AuditRepository(database.handle.db);
    await audit.importEntries(entries());
  });
  afterAll(() => database.close());

  it('pages newest first with the total count', async () => {
    const first = await audit.page({}, 50, 0);
    expect(first.count).toBe(240);
    expect(first.results.map((entry) => entry.requestId).slice(0, 2)).toEqual(['r-239', 'r-238']);
    const last = await audit.page({}, 50, 200);
    expect(last.results).toHaveLength(40);
    expect(last.results.at(-1)!.requestId).toBe('r-0');
    expect(last.results[0]).toEqual(entries()[39]);
  });

  it('filters by user, signed-out attempts, operation, status and time', async () => {
    expect((await audit.page({ user: 'olga' }, 1000, 0)).count).toBe(60);
    const sso = await audit.page({ user: 'sso:248289761001' }, 1000, 0);
    expect(sso.count).toBe(60);
    expect(sso.results.every((entry) => entry.displayName === 'Jane Doe')).toBe(true);
    const anonymous = await audit.page({ user: '@anonymous' }, 1000, 0);
    expect(anonymous.count).toBe(60);
    expect(anonymous.results.every((entry) => entry.username === null)).toBe(true);
    expect((await audit.page({ operation: 'migrations_consumers_create' }, 1000, 0)).count).toBe(120);
    expect((await audit.page({ status: '4xx' }, 1000, 0)).count).toBe(160);
    expect((await audit.page({ status: 403 }, 1000, 0)).count).toBe(80);
    expect((await audit.page({ status: '5xx' }, 1000, 0)).count).toBe(0);
    const day = await audit.page(
      { from: '2026-01-02T00:00:00+00:00', to: '2026-01-03T00:00:00+00:00' },
      1000,
      0,
    );
    expect(day.count).toBe(24);
    expect(day.results.map((entry) => entry.time)).toContain('2026-01-02T00:00:00.000Z');
    expect(day.results.map((entry) => entry.time)).not.toContain('2026-01-03T00:00:00.000Z');
    const combined = await audit.page(
      { user: 'olga', status: 201, operation: 'producers_contracts_charges_and_credits_create' },
      1000,
      0,
    );
    expect(combined.results.every((entry) => entry.username === 'olga' && entry.status === 201)).toBe(true);
    expect(combined.count).toBe(20);
  });

  it('exports every matching entry as CSV in batches', async () => {
    let text = '';
    for await (const chunk of auditCsv(audit.batches({}, 7))) text += chunk;
    const parsed = Papa.parse<string[]>(text.trim(), { newline: '\r\n' });
    expect(parsed.data[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(parsed.data).toHaveLength(241);
    expect(new Set(parsed.data.slice(1).map((row) => row[1])).size).toBe(240);
    expect(parsed.data[1]).toEqual([
      '2026-01-10T23:00:00.000Z',
      'r-239',
      '',
      '',
      'migrations_consumers_create',
      'POST',
      '/api/v3/x/',
      'userID=U-239',
      '403',
      '12.5',
      '',
    ]);
    const evil = parsed.data.find((row) => row[1] === 'r-7')!;
    // Each target cell starts with its key, so typed values never begin a cell (no formula runs).
    const sso = parsed.data.find((row) => row[1] === 'r-6')!;
    expect([sso[2], sso[3], sso[10]]).toEqual(['sso:248289761001', 'admin', 'Jane Doe']);
    expect(evil[7]).toBe('input_id==HYPERLINK("http://evil")');
  });

  it('keeps entries in order when several share one millisecond', async () => {
    const same = Array.from({ length: 5 }, (_, i) => ({
      ...entries()[0]!,
      time: '2027-01-01T00:00:00.000Z',
      requestId: `same-${i}`,
    }));
    await audit.importEntries(same);
    const seen: string[] = [];
    for await (const batch of audit.batches({ from: '2027-01-01T00:00:00Z' }, 2))
      seen.push(...batch.map((entry) => entry.requestId));
    expect(seen.sort()).toEqual(same.map((entry) => entry.requestId).sort());
  });

  it('deletes entries past retention', async () => {
    expect(await audit.deleteBefore(new Date('2026-01-06T00:00:00Z'))).toBe(120);
    expect((await audit.page({}, 1, 0)).count).toBe(125);
  });
});
