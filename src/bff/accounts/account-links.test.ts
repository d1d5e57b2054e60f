import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BFF_DATABASE_KINDS, openTestBffDatabase, type TestBffDatabase } from '../testing/databases.ts';
import { AccountLinks } from './account-links.ts';

const HOUR = 3_600_000;

describe.each(BFF_DATABASE_KINDS)('account links (%s)', (kind) => {
  let database: TestBffDatabase;
  let clock = Date.parse('2026-11-28T09:00:00Z');
  let links: AccountLinks;

  beforeAll(async () => {
    database = await openTestBffDatabase(kind);
    links = new AccountLinks(database.handle.db, () => clock);
  });
  afterAll(() => database?.close());

  it('links both ways, from the given time on, each with its latest link', async () => {
    const created = new Date(clock);
    await links.record('anna', 'bert', 'account_created');
    clock += 2 * HOUR;
    await links.record('bert', 'anna', 'password_reset');
    expect(await links.linkedWith('anna', created)).toEqual(new Map([['bert', new Date(clock)]]));
    expect(await links.linkedWith('bert', created)).toEqual(new Map([['anna', new Date(clock)]]));
    expect(await links.linkedWith('anna', new Date(clock + 1))).toEqual(new Map());
    // Acting on oneself links nobody.
    expect(await links.record('carl', 'carl', 'password_reset')).toBeNull();
    expect(await links.linkedWith('carl', new Date(0))).toEqual(new Map());
  });

  it('takes a link back when its change did not happen, and keeps it when the change is done or unknown', async () => {
    const since = new Date(clock);
    expect(await links.linkedChange('dora', 'nobody', 'password_reset', async () => false)).toBe(false);
    await expect(
      links.linkedChange('dora', 'taken', 'account_created', () => Promise.reject(new Error('exists'))),
    ).rejects.toThrow('exists');
    expect(await links.linkedWith('dora', since)).toEqual(new Map());
    expect(await links.linkedChange('dora', 'emil', 'account_created', async () => 'made')).toBe('made');
    expect([...(await links.linkedWith('dora', since)).keys()]).toEqual(['emil']);
  });

  it('a passkey registered on an account links it again with the last other person who set its password', async () => {
    await links.record('fritz', 'gina', 'account_created');
    clock += HOUR;
    await links.record('hanna', 'gina', 'password_reset');
    clock += 800 * HOUR;
    const registered = new Date(clock);
    await links.passkeyRegistered('gina');
    // Fritz's creation and Hanna's reset are long past; the passkey renews Hanna's, the last one.
    expect(await links.linkedWith('gina', registered)).toEqual(new Map([['hanna', registered]]));
    // Only its owner ever set it (no creation known): nobody to link.
    await links.passkeyRegistered('ivo');
    expect(await links.linkedWith('ivo', new Date(0))).toEqual(new Map());
  });
});
