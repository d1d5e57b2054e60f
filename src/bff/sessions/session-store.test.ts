import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BFF_DATABASE_KINDS, openTestBffDatabase, type TestBffDatabase } from '../testing/databases.ts';
import { eq, sql } from 'drizzle-orm';
import { staffUsers } from '../db/schema.ts';
import {
  AccountChangedError,
  ABSOLUTE_LIFETIME_MS,
  IDLE_TIMEOUT_MS,
  REVALIDATE_AFTER_MS,
  SessionStore,
  TOUCH_INTERVAL_MS,
} from './session-store.ts';
import { until } from '../../node-shared/testing/until.ts';

describe.each(BFF_DATABASE_KINDS)('SessionStore on %s', (kind) => {
  let database: TestBffDatabase;
  let now = Date.parse('2026-11-02T08:00:00Z');
  const clock = () => now;
  let sessions: SessionStore;

  beforeAll(async () => {
    database = await openTestBffDatabase(kind);
    sessions = new SessionStore(database.handle, clock);
    await sessions.start();
    // Sessions belong to accounts: a local session without its account's row never acts.
    await database.handle.db.insert(staffUsers).values(
      ['olga', 'victor', 'erika', 'paul', 'nina', 'otto', 'pia'].map((username) => ({
        username,
        role: 'operator' as const,
        passwordHash: 'unused',
      })),
    );
  });
  const raiseVersion = (username: string) =>
    database.handle.db
      .update(staffUsers)
      .set({ version: sql`${staffUsers.version} + 1` })
      .where(eq(staffUsers.username, username));
  afterAll(async () => {
    await sessions.stop();
    await database.close();
  });

  it('keeps only a hash of the id in the database', async () => {
    const { id } = await sessions.create({ username: 'olga', role: 'operator' });
    const stored = JSON.stringify(await database.handle.db.query.sessions.findMany());
    expect(stored).toContain('olga');
    expect(stored).not.toContain(id);
  });

  it('keeps when the person last proved who they are, through the cache and a fresh read', async () => {
    const authenticatedAt = now - 2 * 60_000;
    const proven = await sessions.create({ username: 'olga', role: 'operator', authenticatedAt });
    expect(proven.authenticatedAt).toBe(authenticatedAt);
    expect((await sessions.resolve(proven.id))?.authenticatedAt).toBe(authenticatedAt);
    now += REVALIDATE_AFTER_MS + 1;
    expect((await sessions.resolve(proven.id))?.authenticatedAt).toBe(authenticatedAt);
    const fresh = new SessionStore(database.handle, clock);
    expect((await fresh.resolve(proven.id))?.authenticatedAt).toBe(authenticatedAt);
    // Not said (an SSO provider without auth_time): unknown, never taken for now.
    const unknown = await sessions.create({ username: 'sso:vera', role: 'viewer' });
    expect(unknown.authenticatedAt).toBeNull();
    expect((await fresh.resolve(unknown.id))?.authenticatedAt).toBeNull();
  });

  it('ends a session after 30 idle minutes', async () => {
    const { id } = await sessions.create({ username: 'olga', role: 'operator' });
    now += IDLE_TIMEOUT_MS - 1;
    expect(await sessions.resolve(id)).not.toBeNull();
    now += IDLE_TIMEOUT_MS + 1;
    expect(await sessions.resolve(id)).toBeNull();
    expect(await sessions.resolve(id)).toBeNull();
  });

  it('ends an active session after 12 hours', async () => {
    const { id, createdAt } = await sessions.create({ username: 'olga', role: 'operator' });
    while (now + 20 * 60_000 <= createdAt + ABSOLUTE_LIFETIME_MS) {
      now += 20 * 60_000;
      expect(await sessions.resolve(id)).not.toBeNull();
    }
    now = createdAt + ABSOLUTE_LIFETIME_MS + 1;
    expect(await sessions.resolve(id)).toBeNull();
  });

  it('survives a restart of the store: a new process finds the session', async () => {
    const { id } = await sessions.create({ username: 'victor', role: 'viewer' });
    const fresh = new SessionStore(database.handle, clock);
    expect(await fresh.resolve(id)).toMatchObject({ username: 'victor', role: 'viewer' });
  });

  it('ends all sessions of a user, and purges expired ones', async () => {
    const first = await sessions.create({ username: 'erika', role: 'operator' });
    const second = await sessions.create({ username: 'erika', role: 'operator' });
    const other = await sessions.create({ username: 'paul', role: 'viewer' });
    await sessions.destroyUser('erika');
    expect(await sessions.resolve(first.id)).toBeNull();
    expect(await sessions.resolve(second.id)).toBeNull();
    expect(await sessions.resolve(other.id)).not.toBeNull();
    now += IDLE_TIMEOUT_MS + TOUCH_INTERVAL_MS + 1;
    expect(await sessions.purgeExpired()).toBeGreaterThan(0);
    expect(await database.handle.db.query.sessions.findMany()).toEqual([]);
  });

  it('ends SSO sessions by provider session (sid) or by subject, as back-channel logout names them', async () => {
    const sso = (sid: string, username = 'sso:248289761001') =>
      sessions.create({
        username,
        role: 'operator',
        displayName: 'Jane Doe',
        providerSessionId: sid,
        idToken: 'x.y.z',
      });
    const laptop = await sso('sid-laptop');
    const phone = await sso('sid-phone');
    const colleague = await sso('sid-colleague', 'sso:other');
    expect(await sessions.resolve(laptop.id)).toMatchObject({ displayName: 'Jane Doe' });

    expect(
      await sessions.destroyProviderSessions({ providerSessionId: 'sid-laptop', username: 'sso:other' }),
    ).toBe(0);
    expect(await sessions.destroyProviderSessions({ providerSessionId: 'sid-laptop' })).toBe(1);
    expect(await sessions.resolve(laptop.id)).toBeNull();
    expect(await sessions.resolve(phone.id)).not.toBeNull();

    const again = await sso('sid-laptop');
    expect(await sessions.destroyProviderSessions({ username: 'sso:248289761001' })).toBe(2);
    expect(await sessions.resolve(again.id)).toBeNull();
    expect(await sessions.resolve(phone.id)).toBeNull();
    expect(await sessions.resolve(colleague.id)).not.toBeNull();
    expect(await sessions.destroyProviderSessions({})).toBe(0);
    // Sign-out hands back the ID token for the provider's logout.
    expect(await sessions.destroy(colleague.id)).toEqual({ idToken: 'x.y.z' });
  });

  it.runIf(kind === 'postgres')(
    'is one store across replicas: sign-out and account changes end a cached session on the other at once',
    async () => {
      const replicaHandle = (await database.openReplica())!;
      const replica = new SessionStore(replicaHandle, clock);
      await replica.start();
      try {
        const signedOut = await sessions.create({ username: 'olga', role: 'operator' });
        const disabled = await sessions.create({ username: 'victor', role: 'viewer' });
        // The replica has both cached.
        expect(await replica.resolve(signedOut.id)).not.toBeNull();
        expect(await replica.resolve(disabled.id)).not.toBeNull();
        await sessions.destroy(signedOut.id);
        await sessions.destroyUser('victor');
        // The notification reaches the replica within milliseconds, far inside REVALIDATE_AFTER_MS.
        await until(async () => (await replica.resolve(signedOut.id)) === null, REVALIDATE_AFTER_MS / 2);
        await until(async () => (await replica.resolve(disabled.id)) === null, REVALIDATE_AFTER_MS / 2);
      } finally {
        await replica.stop();
      }
    },
  );

  it('ends a session, cached or not, once its account’s version rose, without any notification', async () => {
    const { id } = await sessions.create({ username: 'nina', role: 'operator' });
    expect(await sessions.resolve(id)).not.toBeNull(); // cached now
    await raiseVersion('nina'); // a PATCH on another replica, its NOTIFY not (yet) here
    expect(await sessions.resolve(id)).toBeNull();
    expect(
      await database.handle.db.query.sessions.findMany({ where: (row, { eq }) => eq(row.username, 'nina') }),
    ).toEqual([]);
  });

  it('ends a session of a disabled account, and makes none for an account without a row', async () => {
    const { id } = await sessions.create({ username: 'otto', role: 'operator' });
    await database.handle.db
      .update(staffUsers)
      .set({ disabled: true })
      .where(eq(staffUsers.username, 'otto'));
    expect(await sessions.resolve(id)).toBeNull();
    await expect(sessions.create({ username: 'ghost', role: 'admin' })).rejects.toThrow(AccountChangedError);
  });

  it('refuses a session for the version a sign-in read when the account changed before the session was made', async () => {
    const [before] = await database.handle.db
      .select({ version: staffUsers.version })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'pia'));
    await raiseVersion('pia'); // the demotion lands between the password check and the session
    await expect(
      sessions.create({ username: 'pia', role: 'admin', accountVersion: before!.version }),
    ).rejects.toThrow(AccountChangedError);
    expect(
      await database.handle.db.query.sessions.findMany({ where: (row, { eq }) => eq(row.username, 'pia') }),
    ).toEqual([]);
  });

  it('keeps the idle timer true across replicas: activity on one counts on the other', async () => {
    const replicaHandle = (await database.openReplica()) ?? database.handle;
    const replica = new SessionStore(replicaHandle, clock);
    const { id } = await sessions.create({ username: 'olga', role: 'operator' });
    // Active on this replica for 50 minutes, one request every 10 …
    for (let minute = 10; minute <= 50; minute += 10) {
      now += 10 * 60_000;
      expect(await sessions.resolve(id)).not.toBeNull();
    }
    // … so the other, which has not seen it for 50 minutes, still finds it alive.
    expect(await replica.resolve(id)).not.toBeNull();
  });
});
