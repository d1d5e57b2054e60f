import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import type { BffOptions } from '../app.ts';
import { buildTestBff, CSRF, signIn } from '../testing/test-bff.ts';
import { MAX_FAILURES_PER_ADDRESS } from './sign-in-throttle.ts';
import { LastAdminError } from './user-repository.ts';

/** Sign-in needs no platform: nothing listens here. */
const NO_UPSTREAM = 'http://127.0.0.1:9';

const login = (
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/bff/login',
    headers: { ...CSRF, ...headers },
    payload: { username, password },
  });

const patchUser = (app: FastifyInstance, cookie: string, username: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/bff/users/${username}`, headers: { ...CSRF, cookie }, payload });

describe('sign-in and accounts', () => {
  const dataDirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const bff = async (options: Partial<BffOptions> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bff-sign-in-'));
    dataDirs.push(dataDir);
    const app = await buildTestBff(NO_UPSTREAM, { dataDir, ...options });
    apps.push(app);
    return app;
  };
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await bff();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => app.users.create(`staff${i}`, `password-of-staff-${i}`, 'viewer')),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((each) => each.close()));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in 40 staff at once from one address, none turned away', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(app, `staff${i}`, `password-of-staff-${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
  });

  it('signs in one user 30 times at once, none turned away', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(app, 'staff0', 'password-of-staff-0')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
  });

  describe.each<[string, BffOptions['trustProxy']]>([
    ['true (one hop)', true],
    ['the proxy’s address', ['127.0.0.1']],
  ])('behind a trusted proxy, BFF_TRUST_PROXY=%s', (_name, trustProxy) => {
    it('counts failures per address the proxy saw, not per address the client wrote', async () => {
      const proxied = await bff({ trustProxy });
      // nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw.
      const answers = await Promise.all(
        Array.from({ length: 26 }, (_, i) =>
          login(proxied, `ghost${i}`, 'wrong-password', { 'x-forwarded-for': `172.16.0.${i}, 10.6.6.6` }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_ADDRESS);
      expect(statuses.filter((status) => status === 429)).toHaveLength(26 - MAX_FAILURES_PER_ADDRESS);
      // Another address behind the same proxy is not blocked.
      const other = await login(proxied, 'ghost0', 'wrong-password', { 'x-forwarded-for': '10.7.7.7' });
      expect(other.statusCode).toBe(401);
    });
  });

  it('never demotes or disables the last enabled admin, even two admins at once', async () => {
    await app.users.create('ada', 'admin-password-1', 'admin');
    await app.users.create('bob', 'admin-password-2', 'admin');
    const ada = await signIn(app, 'ada', 'admin-password-1');
    const bob = await signIn(app, 'bob', 'admin-password-2');
    const answers = await Promise.all([
      patchUser(app, ada, 'bob', { role: 'operator' }),
      patchUser(app, bob, 'ada', { disabled: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const admins = (await app.users.list()).filter((user) => user.role === 'admin' && !user.disabled);
    expect(admins).toHaveLength(1);
    const last = admins[0]!.username;
    // Not through any other path either: the repository refuses, a disabled admin does not count.
    await app.users.create('cleo', 'admin-password-3', 'admin');
    await app.users.update('cleo', { disabled: true });
    for (const change of [{ role: 'viewer' as const }, { disabled: true }])
      await expect(app.users.update(last, change)).rejects.toBeInstanceOf(LastAdminError);
    expect(await app.users.get(last)).toMatchObject({ role: 'admin', disabled: false });
    await app.users.update('cleo', { disabled: false });
    expect(await app.users.update(last, { role: 'viewer' })).toMatchObject({ role: 'viewer' });
  });

  it('never refuses the owner’s right password from their address after wrong ones from other addresses, nor their session’s password re-entry', async () => {
    await app.users.create('owen', 'owen-first-harbour-light', 'operator');
    const fromOwner = { remoteAddress: '10.20.0.1' };
    const owner = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'owen', password: 'owen-first-harbour-light' },
      ...fromOwner,
    });
    expect(owner.statusCode).toBe(200);
    const cookie = `${owner.cookies[0]!.name}=${owner.cookies[0]!.value}`;
    for (let i = 0; i < 12; i++) {
      const wrong = await app.inject({
        method: 'POST',
        url: '/bff/login',
        headers: CSRF,
        payload: { username: 'owen', password: `guess-number-${i}` },
        remoteAddress: `10.30.0.${i % 3}`,
      });
      expect(wrong.statusCode, `guess ${i}`).toBe(401);
    }
    const right = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'owen', password: 'owen-first-harbour-light' },
      ...fromOwner,
    });
    expect(right.statusCode).toBe(200);
    // The session that existed re-enters its password (as an approval's step-up does): not refused.
    const changed = await app.inject({
      method: 'POST',
      url: '/bff/password',
      headers: { ...CSRF, cookie },
      payload: { current_password: 'owen-first-harbour-light', new_password: 'quiet violet river stones' },
      ...fromOwner,
    });
    expect(changed.statusCode).toBe(204);
  });

  it('lets admins disable an SSO account: its sessions end and its next SSO sign-in is refused', async () => {
    const adminCookie = await signIn(app, 'cleo', 'admin-password-3');
    const version = await app.users.ssoSignIn('sso:ext-4711', 'operator');
    expect(version).not.toBeNull();
    const session = await app.sessions.create({
      username: 'sso:ext-4711',
      role: 'operator',
      accountVersion: version!,
    });
    const user = () =>
      app.inject({
        method: 'GET',
        url: '/bff/user',
        headers: { ...CSRF, cookie: `ec_session=${app.signCookie(session.id)}` },
      });
    expect((await user()).statusCode).toBe(200);
    expect(
      (
        await app.inject({ method: 'GET', url: '/bff/users', headers: { ...CSRF, cookie: adminCookie } })
      ).json(),
    ).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'sso:ext-4711', disabled: false })]),
    );
    const disabled = await patchUser(app, adminCookie, 'sso:ext-4711', { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ username: 'sso:ext-4711', disabled: true });
    expect((await user()).statusCode).toBe(401);
    expect(await app.users.ssoSignIn('sso:ext-4711', 'operator')).toBeNull();
    // Its role is the identity provider's: changed there, not here.
    const demoted = await patchUser(app, adminCookie, 'sso:ext-4711', { role: 'viewer' });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json()).toHaveProperty('role');
  });
});

describe('two replicas on one PostgreSQL database', () => {
  let postgres: { url: string; drop: () => Promise<void> };
  let replicas: FastifyInstance[];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    const sessionSecret = 'a-session-secret-of-at-least-32-characters';
    replicas = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'bff-admins-'));
      dataDirs.push(dataDir);
      replicas.push(await buildTestBff(NO_UPSTREAM, { dataDir, databaseUrl: postgres.url, sessionSecret }));
    }
    await replicas[0]!.users.create('ada', 'admin-password-1', 'admin');
    await replicas[0]!.users.create('bob', 'admin-password-2', 'admin');
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await postgres.drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('two admins demoting each other at once leave one admin, round after round', async () => {
    const one = replicas[0]!;
    const two = replicas[1]!;
    for (let round = 0; round < 6; round++) {
      await one.users.update('ada', { role: 'admin', disabled: false });
      await one.users.update('bob', { role: 'admin', disabled: false });
      const [ada, bob] = await Promise.all([
        signIn(one, 'ada', 'admin-password-1'),
        signIn(two, 'bob', 'admin-password-2'),
      ]);
      const change = round % 2 ? { disabled: true } : { role: 'operator' };
      const answers = await Promise.all([
        patchUser(one, ada, 'bob', change),
        patchUser(two, bob, 'ada', change),
      ]);
      // The loser is refused by the last-admin guard (409), or their own session has already ended by the
      // time their request is read (401: a demotion changes the account's version as a disabling does, and
      // sessions are checked against it per request). Either way one admin is left (below).
      const refusals = [409, 401];
      const [won, refused] = answers.map((answer) => answer.statusCode).sort();
      expect(won, `round ${round}`).toBe(200);
      expect(refusals, `round ${round}: ${refused}`).toContain(refused);
      const admins = (await two.users.list()).filter((user) => user.role === 'admin' && !user.disabled);
      expect(admins, `round ${round}`).toHaveLength(1);
    }
  });
});
