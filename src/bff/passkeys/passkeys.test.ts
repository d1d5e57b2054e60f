import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { passkeyListSchema, passkeySchema } from '../../contract/passkeys.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import {
  addSignedInStaff,
  CSRF,
  startSignedInBff,
  TEST_OPERATOR,
  signIn,
  type SignedInBff,
} from '../testing/test-bff.ts';
import {
  CHALLENGE_TTL_MS,
  MAX_PASSKEYS_PER_ACCOUNT,
  SIGN_IN_CHALLENGES_PER_MINUTE,
} from './passkeys-plugin.ts';
import { NEEDS_HOST_NAME } from './relying-party.ts';

const ORIGIN = 'http://localhost:19880';
// The platform is never called here.
const UNUSED_UPSTREAM = 'http://127.0.0.1:1';

describe('passkeys of local accounts', () => {
  let now = Date.parse('2026-11-24T08:00:00Z');
  let bff: SignedInBff;

  beforeAll(async () => {
    bff = await startSignedInBff(UNUSED_UPSTREAM, { consoleOrigin: ORIGIN, now: () => now });
  });
  afterAll(() => bff?.app.close());

  const registrationOptions = async (cookie: string, password = TEST_OPERATOR.password) => {
    const answer = await bff.call('POST', '/bff/passkeys/registration-options', cookie, { password });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ challenge: string; rp: { id: string }; user: { id: string } }>();
  };
  /** Registers a new software passkey for the session's account, as the console does. */
  const register = async (
    cookie: string,
    name: string,
    authenticator = new SoftwareAuthenticator(ORIGIN),
    password = TEST_OPERATOR.password,
  ) => {
    const response = authenticator.register(await registrationOptions(cookie, password));
    const answer = await bff.call('POST', '/bff/passkeys', cookie, { name, response });
    expect(answer.statusCode, answer.body).toBe(201);
    return { authenticator, passkey: passkeySchema.parse(answer.json()) };
  };
  const authenticationOptions = async () => {
    const answer = await bff.call('POST', '/bff/passkeys/authentication-options', undefined);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ challenge: string; rpId: string }>();
  };
  const list = async (cookie: string) =>
    passkeyListSchema.parse((await bff.call('GET', '/bff/passkeys', cookie)).json());
  const auditOf = async (operation: string) =>
    auditPageSchema.parse(
      (await bff.call('GET', `/bff/audit?operation=${operation}&limit=100`, bff.admin)).json(),
    ).results;

  it('registers passkeys under the names their owner gives, bound to the console’s host name', async () => {
    const options = await registrationOptions(bff.operator);
    expect(options.rp.id).toBe('localhost');
    const laptop = await register(bff.operator, '  Laptop  ');
    const laptopAdded = new Date(now).toISOString();
    now += 60_000;
    const key = await register(bff.operator, 'YubiKey 5C');

    expect(await list(bff.operator)).toEqual({
      unavailable: null,
      passkeys: [
        {
          id: laptop.passkey.id,
          name: 'Laptop',
          createdAt: laptopAdded,
          lastUsedAt: null,
          backedUp: false,
        },
        {
          id: key.passkey.id,
          name: 'YubiKey 5C',
          createdAt: new Date(now).toISOString(),
          lastUsedAt: null,
          backedUp: false,
        },
      ],
    });
    // Each account sees its own only.
    expect((await list(bff.admin)).passkeys).toEqual([]);
    // The audit names the passkey by its id: never its name, key or credential id.
    const audit = await auditOf('bff_passkeys_register');
    expect(audit.map((entry) => [entry.username, entry.targets, entry.status])).toEqual(
      expect.arrayContaining([
        ['olga', { username: 'olga', passkey: laptop.passkey.id }, 201],
        ['olga', { username: 'olga', passkey: key.passkey.id }, 201],
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain(laptop.authenticator.id);
    expect(JSON.stringify(audit)).not.toContain('Laptop');
  });

  it('takes each challenge once, only from the account it was given to, and only for five minutes', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const response = authenticator.register(await registrationOptions(bff.operator));
    // Another account cannot complete it.
    const stolen = await bff.call('POST', '/bff/passkeys', bff.admin, { name: 'Stolen', response });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      detail: 'The passkey could not be verified, or the request for it has expired. Add it again.',
      code: 'passkey_not_verified',
    });

    const late = authenticator.register(await registrationOptions(bff.operator));
    now += CHALLENGE_TTL_MS + 1;
    expect(
      (await bff.call('POST', '/bff/passkeys', bff.operator, { name: 'Late', response: late })).statusCode,
    ).toBe(400);

    const fresh = authenticator.register(await registrationOptions(bff.operator));
    const first = await bff.call('POST', '/bff/passkeys', bff.operator, { name: 'Phone', response: fresh });
    expect(first.statusCode).toBe(201);
    const again = await bff.call('POST', '/bff/passkeys', bff.operator, { name: 'Phone', response: fresh });
    expect(again.statusCode).toBe(400);
    // The same authenticator is not registered twice: the options exclude it, and the BFF refuses it.
    const options = await bff.call('POST', '/bff/passkeys/registration-options', bff.operator, {
      password: TEST_OPERATOR.password,
    });
    expect(
      options.json<{ excludeCredentials: { id: string }[] }>().excludeCredentials.map(({ id }) => id),
    ).toContain(authenticator.id);
    const twice = await bff.call('POST', '/bff/passkeys', bff.operator, {
      name: 'Phone again',
      response: authenticator.register(options.json()),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a passkey whose authenticator did not verify the person', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    authenticator.userVerified = false;
    const response = authenticator.register(await registrationOptions(bff.operator));
    expect(
      (await bff.call('POST', '/bff/passkeys', bff.operator, { name: 'No PIN', response })).statusCode,
    ).toBe(400);
  });

  it('checks the name', async () => {
    const response = new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(bff.operator));
    const answer = await bff.call('POST', '/bff/passkeys', bff.operator, { name: '   ', response });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ name: ['Give the passkey a name.'] });
  });

  it('renames and removes only the owner’s passkeys', async () => {
    const { passkey } = await register(bff.operator, 'Old name');
    const url = `/bff/passkeys/${passkey.id}`;
    expect((await bff.call('PATCH', url, bff.admin, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await bff.call('DELETE', url, bff.admin)).statusCode).toBe(404);

    const renamed = await bff.call('PATCH', url, bff.operator, { name: 'Work laptop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Work laptop' });
    expect((await bff.call('PATCH', url, bff.operator, { name: '' })).statusCode).toBe(400);

    expect((await bff.call('DELETE', url, bff.operator)).statusCode).toBe(204);
    expect((await list(bff.operator)).passkeys.map(({ id }) => id)).not.toContain(passkey.id);
    expect((await bff.call('DELETE', url, bff.operator)).statusCode).toBe(404);
    expect(
      (await bff.call('PATCH', '/bff/passkeys/not-a-uuid', bff.operator, { name: 'x' })).statusCode,
    ).toBe(400);

    const audited = async (operation: string) =>
      (await auditOf(operation)).map((entry) => [entry.username, entry.targets, entry.status]);
    expect(await audited('bff_passkeys_rename')).toEqual(
      expect.arrayContaining([
        ['ada', { passkey: passkey.id }, 404],
        ['olga', { passkey: passkey.id }, 200],
      ]),
    );
    expect(await audited('bff_passkeys_remove')).toEqual(
      expect.arrayContaining([
        ['ada', { passkey: passkey.id }, 404],
        ['olga', { passkey: passkey.id }, 204],
      ]),
    );
  });

  it(`keeps at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys per account`, async () => {
    const cookie = await addSignedInStaff(bff.app, {
      username: 'many',
      password: 'many-password-1',
      role: 'viewer',
    });
    for (let i = 0; i < MAX_PASSKEYS_PER_ACCOUNT; i++)
      await register(cookie, `Key ${i}`, undefined, 'many-password-1');
    const answer = await bff.call('POST', '/bff/passkeys/registration-options', cookie, {
      password: 'many-password-1',
    });
    expect(answer.statusCode).toBe(409);
  });

  it('adds no passkey with a session alone: registration-options needs the account’s current password', async () => {
    const stolen = await addSignedInStaff(bff.app, {
      username: 'victim',
      password: 'victim-password-1',
      role: 'operator',
    });
    const cookieOnly = await bff.call('POST', '/bff/passkeys/registration-options', stolen);
    expect(cookieOnly.statusCode).toBe(403);
    expect(cookieOnly.json()).toEqual({
      detail: 'Adding a passkey needs your current password: enter it to confirm it is you.',
      code: 'passkey_password_required',
    });
    const guessed = await bff.call('POST', '/bff/passkeys/registration-options', stolen, {
      password: 'olga-password-1',
    });
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json()).toEqual({
      detail: 'This is not your password: the passkey was not added.',
      code: 'passkey_password_wrong',
    });
    // Without options from a step-up there is no challenge to answer.
    const planted = new SoftwareAuthenticator(ORIGIN).register({
      challenge: 'bm90LWlzc3VlZA',
      rp: { id: 'localhost' },
      user: { id: 'dmljdGlt' },
    });
    expect(
      (await bff.call('POST', '/bff/passkeys', stolen, { name: 'Planted', response: planted })).statusCode,
    ).toBe(400);
    expect((await list(stolen)).passkeys).toEqual([]);
  });

  it('counts wrong step-up passwords per session in the sign-in throttle: 429 with Retry-After after five', async () => {
    const cookie = await addSignedInStaff(bff.app, {
      username: 'guessed',
      password: 'guessed-password-1',
      role: 'operator',
    });
    for (let i = 0; i < 5; i++)
      expect(
        (await bff.call('POST', '/bff/passkeys/registration-options', cookie, { password: `wrong-${i}` }))
          .statusCode,
      ).toBe(403);
    const blocked = await bff.call('POST', '/bff/passkeys/registration-options', cookie, {
      password: 'guessed-password-1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(blocked.json()).toEqual({
      detail: expect.stringMatching(/^Too many wrong passwords/),
      code: 'password_attempts_throttled',
      retry_after_seconds: expect.any(Number),
    });
    // The owner's other session is not refused for it.
    const owners = await signIn(bff.app, 'guessed', 'guessed-password-1');
    await register(owners, 'Owner’s key', undefined, 'guessed-password-1');
  });

  it('lets admins list and remove another account’s passkeys, audited; operators and viewers may not', async () => {
    const pia = await addSignedInStaff(bff.app, {
      username: 'pia',
      password: 'pia-password-12',
      role: 'operator',
    });
    const viewer = await addSignedInStaff(bff.app, {
      username: 'vic',
      password: 'vic-password-12',
      role: 'viewer',
    });
    const { passkey } = await register(pia, 'Pia’s phone', undefined, 'pia-password-12');
    const listed = await bff.call('GET', '/bff/users/pia/passkeys', bff.admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([passkey]);
    expect((await bff.call('GET', '/bff/users/pia/passkeys', bff.operator)).statusCode).toBe(403);
    expect((await bff.call('GET', '/bff/users/pia/passkeys', viewer)).statusCode).toBe(403);
    expect((await bff.call('GET', '/bff/users/nobody/passkeys', bff.admin)).statusCode).toBe(404);

    const url = `/bff/users/pia/passkeys/${passkey.id}`;
    expect((await bff.call('DELETE', url, bff.operator)).statusCode).toBe(403);
    expect((await bff.call('DELETE', url, viewer)).statusCode).toBe(403);
    expect((await bff.call('DELETE', `/bff/users/nobody/passkeys/${passkey.id}`, bff.admin)).statusCode).toBe(
      404,
    );
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const unknown = await bff.call('DELETE', `/bff/users/pia/passkeys/${unknownId}`, bff.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      detail: 'This account has no passkey with this id.',
      code: 'no_such_passkey',
    });
    expect((await bff.call('DELETE', url, bff.admin)).statusCode).toBe(204);
    expect((await bff.call('GET', '/bff/users/pia/passkeys', bff.admin)).json()).toEqual([]);
    expect((await list(pia)).passkeys).toEqual([]);

    const audit = await auditOf('bff_users_passkeys_remove');
    expect(audit.map((entry) => [entry.username, entry.targets, entry.status])).toEqual(
      expect.arrayContaining([
        ['ada', { username: 'pia', passkey: passkey.id }, 204],
        ['olga', { username: 'pia', passkey: passkey.id }, 403],
        ['ada', { username: 'pia', passkey: unknownId }, 404],
      ]),
    );
  });

  it('removes the account’s passkeys on a password reset, so a planted one cannot sign in after it', async () => {
    const rita = await addSignedInStaff(bff.app, {
      username: 'rita',
      password: 'rita-password-12',
      role: 'operator',
    });
    const { authenticator } = await register(rita, 'Planted key', undefined, 'rita-password-12');
    const reset = await bff.call('POST', '/bff/users/rita/password-reset', bff.admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await bff.call('GET', '/bff/users/rita/passkeys', bff.admin)).json()).toEqual([]);
    const signedIn = await bff.app.inject({
      method: 'POST',
      url: '/bff/login/passkey',
      headers: CSRF,
      payload: { response: authenticator.authenticate(await authenticationOptions()) },
    });
    expect(signedIn.statusCode).toBe(401);
  });

  describe('signing in', () => {
    let authenticator: SoftwareAuthenticator;
    let passkeyId: string;

    beforeAll(async () => {
      const registered = await register(bff.operator, 'Sign-in key');
      authenticator = registered.authenticator;
      passkeyId = registered.passkey.id;
    });

    const signIn = (response: object) =>
      bff.app.inject({ method: 'POST', url: '/bff/login/passkey', headers: CSRF, payload: { response } });

    it('starts a session like the password does, and records the use', async () => {
      now += 60_000;
      const options = await authenticationOptions();
      expect(options.rpId).toBe('localhost');
      const answer = await signIn(authenticator.authenticate(options));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ username: TEST_OPERATOR.username, role: TEST_OPERATOR.role });
      const cookie = answer.cookies[0]!;
      expect(cookie).toMatchObject({ name: 'ec_session', httpOnly: true, sameSite: 'Strict' });
      const session = `${cookie.name}=${cookie.value}`;
      expect((await bff.call('GET', '/bff/user', session)).json()).toMatchObject({
        username: 'olga',
        authenticatedWith: 'passkey',
      });

      const used = (await list(session)).passkeys.find(({ id }) => id === passkeyId);
      expect(used?.lastUsedAt).toBe(new Date(now).toISOString());
      const signIns = await auditOf('bff_login_passkey');
      expect(signIns.filter((entry) => entry.targets.passkey === passkeyId)).toEqual([
        expect.objectContaining({
          username: null,
          targets: { username: 'olga', passkey: passkeyId },
          status: 200,
        }),
      ]);
    });

    it('refuses an assertion whose authenticator did not verify the person (UV flag not set)', async () => {
      authenticator.userVerified = false;
      try {
        const answer = await signIn(authenticator.authenticate(await authenticationOptions()));
        expect(answer.statusCode).toBe(401);
        expect(answer.cookies).toEqual([]);
      } finally {
        authenticator.userVerified = true;
      }
    });

    it('refuses an assertion sent again (the challenge is used up)', async () => {
      const response = authenticator.authenticate(await authenticationOptions());
      expect((await signIn(response)).statusCode).toBe(200);
      const replayed = await signIn(response);
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual({
        detail: 'This passkey was not accepted. Sign in with your password, or try another passkey.',
        code: 'passkey_sign_in_refused',
      });
      expect(replayed.cookies).toEqual([]);
    });

    it('refuses an authenticator whose counter went back (a cloned key)', async () => {
      authenticator.counter = 0;
      expect((await signIn(authenticator.authenticate(await authenticationOptions()))).statusCode).toBe(401);
      authenticator.counter = 1000;
      expect((await signIn(authenticator.authenticate(await authenticationOptions()))).statusCode).toBe(200);
    });

    it('refuses an unknown passkey, and one from another origin', async () => {
      const stranger = new SoftwareAuthenticator(ORIGIN);
      expect((await signIn(stranger.authenticate(await authenticationOptions()))).statusCode).toBe(401);
      // The registered key itself, used on another origin (a look-alike site relaying the challenge).
      const relayed = authenticator.authenticate(await authenticationOptions());
      const clientData = JSON.parse(Buffer.from(relayed.response.clientDataJSON, 'base64url').toString());
      const elsewhere = { ...clientData, origin: 'https://console.example.evil' };
      relayed.response.clientDataJSON = Buffer.from(JSON.stringify(elsewhere)).toString('base64url');
      expect((await signIn(relayed)).statusCode).toBe(401);
    });

    it('refuses a disabled account', async () => {
      const cookie = await addSignedInStaff(bff.app, {
        username: 'leaver',
        password: 'leaver-password-1',
        role: 'operator',
      });
      const { authenticator: leaversKey } = await register(
        cookie,
        'Leaver’s key',
        undefined,
        'leaver-password-1',
      );
      await bff.app.users.update('leaver', { disabled: true });
      const answer = await signIn(leaversKey.authenticate(await authenticationOptions()));
      expect(answer.statusCode).toBe(401);
      expect(answer.cookies).toEqual([]);
    });
  });
});

describe('passkeys where they cannot be used', () => {
  let bff: SignedInBff;
  afterAll(() => bff?.app.close());

  it('work at http://localhost as npm start prints it when the console listens on 127.0.0.1, and say to use that name at the IP address', async () => {
    const local = await startSignedInBff(UNUSED_UPSTREAM, { consoleOrigin: 'http://127.0.0.1:8080' });
    try {
      const atLocalhost = { ...CSRF, cookie: local.operator, host: 'localhost:8080' };
      expect(
        (await local.app.inject({ method: 'GET', url: '/bff/passkeys', headers: atLocalhost })).json(),
      ).toEqual({ passkeys: [], unavailable: null });
      const options = await local.app.inject({
        method: 'POST',
        url: '/bff/passkeys/registration-options',
        headers: atLocalhost,
        payload: { password: TEST_OPERATOR.password },
      });
      expect(options.statusCode, options.body).toBe(200);
      expect(options.json()).toMatchObject({ rp: { id: 'localhost' } });
      const atIp = { ...CSRF, cookie: local.operator, host: '127.0.0.1:8080' };
      expect(
        (await local.app.inject({ method: 'GET', url: '/bff/passkeys', headers: atIp })).json(),
      ).toMatchObject({ unavailable: 'host-name' });
      const refused = await local.app.inject({
        method: 'POST',
        url: '/bff/passkeys/authentication-options',
        headers: { ...CSRF, host: '127.0.0.1:8080' },
      });
      expect(refused.json()).toEqual({ detail: NEEDS_HOST_NAME, code: 'passkeys_need_host_name' });
    } finally {
      await local.app.close();
    }
  });

  it('says that a console reached by an IP address needs a host name', async () => {
    bff = await startSignedInBff(UNUSED_UPSTREAM, { consoleOrigin: 'http://10.1.2.3:8080' });
    expect((await bff.call('GET', '/bff/passkeys', bff.operator)).json()).toEqual({
      passkeys: [],
      unavailable: 'host-name',
    });
    const options = await bff.call('POST', '/bff/passkeys/registration-options', bff.operator, {
      password: TEST_OPERATOR.password,
    });
    expect(options.statusCode).toBe(409);
    expect(options.json()).toEqual({ detail: NEEDS_HOST_NAME, code: 'passkeys_need_host_name' });
    expect((await bff.call('POST', '/bff/passkeys/authentication-options', undefined)).json()).toEqual({
      detail: NEEDS_HOST_NAME,
      code: 'passkeys_need_host_name',
    });
    expect((await bff.call('GET', '/bff/sign-in-options', undefined)).json()).toMatchObject({
      passkey: false,
    });
  });

  it('gives SSO accounts none: their provider keeps their credentials', async () => {
    const sso = await startSignedInBff(UNUSED_UPSTREAM, { consoleOrigin: ORIGIN });
    try {
      const ssoSession = await sso.app.sessions.create({
        username: 'sso:abc-123',
        role: 'operator',
        authenticatedWith: 'sso',
      });
      const ssoCookie = `ec_session=${sso.app.signCookie(ssoSession.id)}`;
      expect((await sso.call('GET', '/bff/passkeys', ssoCookie)).json()).toEqual({
        passkeys: [],
        unavailable: 'sso',
      });
      const options = await sso.call('POST', '/bff/passkeys/registration-options', ssoCookie);
      expect(options.statusCode).toBe(403);
      expect((await sso.call('GET', '/bff/sign-in-options', undefined)).json()).toMatchObject({
        passkey: true,
      });
    } finally {
      await sso.app.close();
    }
  });

  it('answers 401 to listing passkeys or asking to add one without a session', async () => {
    expect((await bff.call('GET', '/bff/passkeys', undefined)).statusCode).toBe(401);
    expect((await bff.call('POST', '/bff/passkeys/registration-options', undefined)).statusCode).toBe(401);
  });
});

describe('passkey sign-in challenges without a session', () => {
  let now = Date.parse('2026-11-28T08:00:00Z');
  let bff: SignedInBff;
  beforeAll(async () => {
    bff = await startSignedInBff(UNUSED_UPSTREAM, { consoleOrigin: ORIGIN, now: () => now });
  });
  afterAll(() => bff?.app.close());

  const ask = (remoteAddress: string) =>
    bff.app.inject({
      method: 'POST',
      url: '/bff/passkeys/authentication-options',
      headers: CSRF,
      remoteAddress,
    });

  it(`are given at most ${SIGN_IN_CHALLENGES_PER_MINUTE} a minute per address, then 429 with Retry-After`, async () => {
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_CHALLENGES_PER_MINUTE + 10 }, () => ask('203.0.113.7')),
    );
    expect(answers.filter(({ statusCode }) => statusCode === 200)).toHaveLength(
      SIGN_IN_CHALLENGES_PER_MINUTE,
    );
    const refused = answers.find(({ statusCode }) => statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      detail: 'Too many passkey sign-ins from here. Try again in 60 seconds.',
      code: 'passkey_sign_in_throttled',
      retry_after_seconds: 60,
    });
    expect((await ask('198.51.100.1')).statusCode).toBe(200);
    now += 60_000;
    expect((await ask('203.0.113.7')).statusCode).toBe(200);
  });
});
