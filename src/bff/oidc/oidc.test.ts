import { hkdfSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, logoutResponseSchema } from '../../contract/bff-api.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import { until } from '../../node-shared/testing/until.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import {
  callBff,
  freePort,
  replicaEnvironments,
  signInTo,
  startBffProcess,
  statusOf,
  type BffProcess,
} from '../testing/bff-process.ts';
import { browse, CookieJar, followUntil } from '../testing/browser-like.ts';
import {
  startTestIdentityProvider,
  TEST_CLIENT,
  testProviderOptions,
  type TestIdentityProvider,
  type TestStaffLogin,
} from '../testing/oidc-test-provider.ts';
import type { FastifyInstance } from 'fastify';
import { buildTestBff, startUpstreamSandbox } from '../testing/test-bff.ts';
import { LoginTransactionSeal } from './login-transaction.ts';

const SESSION_SECRET = 'sso-test-session-secret-0123456789abcdef';
const ADMIN_PASSWORD = 'admin-password-1';
const RETURN_TO = '/reports/feed-in?user=P1000&contract=C1000';

/**
 * Staff sign-in at a real OpenID provider (oidc-provider) through two real BFF processes on one
 * PostgreSQL database, driven over HTTP as a browser would; e2e/sso.spec.ts does it in Chromium.
 */
describe('SSO through the company identity provider', () => {
  let sandbox: TestSandbox;
  let postgres: { url: string; drop: () => Promise<void> };
  let provider: TestIdentityProvider;
  let first: BffProcess;
  let second: BffProcess;
  let replicas: ReturnType<typeof replicaEnvironments> | undefined;
  // The replicas' shared key for sign-in transactions, as the BFF derives it: lets tests alter one.
  const seal = new LoginTransactionSeal(
    Buffer.from(hkdfSync('sha256', SESSION_SECRET, '', 'oidc-login-transaction', 32)),
  );

  beforeAll(async () => {
    let upstream: string;
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    postgres = await createPostgresDatabase();
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startTestIdentityProvider({ consoleUrl: publicUrl });
    replicas = replicaEnvironments({
      ENERGY_API_BASE_URL: upstream,
      BFF_DATABASE_URL: postgres.url,
      BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SESSION_SECRET,
      BFF_PUBLIC_URL: publicUrl,
      BFF_OIDC_ISSUER: provider.issuer,
      BFF_OIDC_CLIENT_ID: TEST_CLIENT.id,
      BFF_OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    });
    // Both replicas share the public URL; the provider's redirects and logout calls reach the first.
    [first, second] = await Promise.all([
      startBffProcess({ ...replicas.env(), PORT: String(port) }),
      startBffProcess(replicas.env()),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await provider?.close();
    await sandbox?.close();
    await postgres?.drop();
    replicas?.removeDataDirs();
  });

  /** From the sign-in button to the provider's redirect back to the callback (returned, not followed). */
  async function signInAtProvider(jar: CookieJar, login: TestStaffLogin, returnTo = RETURN_TO) {
    const startUrl = `${first.url}/bff/login/oidc?returnTo=${encodeURIComponent(returnTo)}`;
    const started = await browse(jar, startUrl);
    expect(started.status).toBe(303);
    const callback = `${first.url}/bff/callback`;
    let step = await followUntil(jar, started, startUrl, callback);
    if (!step.stopped) {
      // The provider's sign-in page (its session from an earlier sign-in may make it unnecessary).
      const action = new URL(/action="([^"]+)"/.exec(await step.response.text())![1]!, step.url).href;
      const submitted = await browse(jar, action, { form: { prompt: 'login', login, password: 'any' } });
      step = await followUntil(jar, submitted, action, callback);
    }
    expect(step.stopped).toBe(true);
    return new URL(step.url);
  }

  const sessionCookieOf = (jar: CookieJar) => `ec_session=${jar.get(first.url, 'ec_session')}`;

  async function signedIn(login: TestStaffLogin): Promise<{ jar: CookieJar; cookie: string }> {
    const jar = new CookieJar();
    const callback = await signInAtProvider(jar, login);
    expect((await browse(jar, callback.href)).status).toBe(200);
    return { jar, cookie: sessionCookieOf(jar) };
  }

  it('signs staff in with the highest role in the claim and hands over through a same-origin page', async () => {
    const jar = new CookieJar();
    const start = await browse(jar, `${first.url}/bff/login/oidc?returnTo=${encodeURIComponent(RETURN_TO)}`);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: TEST_CLIENT.id,
      redirect_uri: `${first.url}/bff/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    });
    for (const check of ['state', 'nonce', 'code_challenge'])
      expect(authorize.searchParams.get(check)).toMatch(/^[\w-]{40,}$/);
    // The transaction cookie must survive the provider's cross-site redirect: Lax, HttpOnly.
    const transactionCookie = start.headers.getSetCookie()[0]!;
    expect(transactionCookie).toMatch(/^ec_oidc_[\w-]{16}=/);
    expect(transactionCookie).toMatch(/HttpOnly/i);
    expect(transactionCookie).toMatch(/SameSite=Lax/i);

    const callback = await signInAtProvider(jar, 'grace');
    expect([...callback.searchParams.keys()].sort()).toEqual(['code', 'iss', 'state']);
    const handover = await browse(jar, callback.href);
    expect(handover.status).toBe(200);
    expect(handover.headers.get('content-type')).toMatch(/^text\/html/);
    expect(handover.headers.get('cache-control')).toBe('no-store');
    expect(handover.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await handover.text();
    expect(page).toContain(`<meta http-equiv="refresh" content="0;url=${RETURN_TO.replace('&', '&#38;')}">`);
    const setCookies = handover.headers.getSetCookie();
    expect(setCookies.find((line) => line.startsWith('ec_session='))).toMatch(/SameSite=Strict/i);
    // The transaction is spent.
    expect(
      setCookies.some((line) => line.startsWith('ec_oidc_') && /Expires=Thu, 01 Jan 1970/i.test(line)),
    ).toBe(true);

    const me = await callBff(second.url, 'GET', '/bff/user', { cookie: sessionCookieOf(jar) });
    expect(await me.json()).toEqual({
      username: 'sso:grace',
      role: 'admin',
      displayName: 'Grace Hopper',
      environment: 'sandbox',
      confirmFromCent: 100_000,
      approvalFromCent: 100_000,
      authenticatedWith: 'sso',
    });
    // No token ever reaches the browser.
    expect(page + setCookies.join()).not.toMatch(/eyJ/);
  });

  it('reads the role at every sign-in: a string claim, and the operator who may write', async () => {
    const vera = await signedIn('vera');
    expect(
      await (await callBff(first.url, 'GET', '/bff/user', { cookie: vera.cookie })).json(),
    ).toMatchObject({
      role: 'viewer',
    });
    const ada = await signedIn('ada');
    expect(await (await callBff(first.url, 'GET', '/bff/user', { cookie: ada.cookie })).json()).toMatchObject(
      {
        username: 'sso:ada',
        role: 'operator',
        displayName: 'Ada Lovelace',
      },
    );
  });

  it('refuses someone whose role claim names no console role, with no session', async () => {
    const jar = new CookieJar();
    const callback = await signInAtProvider(jar, 'norbert');
    const refused = await browse(jar, callback.href);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(
      `/sign-in?sso=no-role&redirect=${encodeURIComponent(RETURN_TO)}`,
    );
    expect(jar.get(first.url, 'ec_session')).toBeUndefined();
  });

  it('refuses a tampered state, a missing or altered transaction, and a replayed code', async () => {
    const jar = new CookieJar();
    const callback = await signInAtProvider(jar, 'ada');
    const refusedWith = async (url: URL, cookies: CookieJar = jar) => {
      const answer = await browse(cookies, url.href);
      expect(cookies.get(first.url, 'ec_session')).toBeUndefined();
      return answer.headers.get('location');
    };

    const otherState = new URL(callback);
    otherState.searchParams.set('state', 'attacker-chosen-state');
    expect(await refusedWith(otherState)).toBe('/sign-in?sso=expired');
    // Another browser (no transaction cookie) cannot finish this sign-in.
    expect(await refusedWith(callback, new CookieJar())).toBe('/sign-in?sso=expired');
    // A flipped bit in the sealed transaction.
    const name = seal.cookieName(callback.searchParams.get('state')!);
    const original = jar.get(first.url, name)!;
    const flipped = Buffer.from(original, 'base64url');
    flipped[20]! ^= 1;
    jar.set(first.url, name, flipped.toString('base64url'));
    expect(await refusedWith(callback)).toBe('/sign-in?sso=expired');

    // The real transaction once: the session starts; the same code again: refused by the provider.
    jar.set(first.url, name, original);
    expect((await browse(jar, callback.href)).status).toBe(200);
    const replay = new CookieJar();
    replay.set(first.url, name, original);
    expect(await refusedWith(callback, replay)).toMatch(/^\/sign-in\?sso=failed/);
  });

  it('refuses a code redeemed with another PKCE verifier, and an ID token with another nonce', async () => {
    for (const tamper of ['codeVerifier', 'nonce'] as const) {
      const jar = new CookieJar();
      const callback = await signInAtProvider(jar, 'ada');
      const state = callback.searchParams.get('state')!;
      const name = seal.cookieName(state);
      const transaction = seal.open(jar.get(first.url, name)!, state)!;
      expect(transaction.codeVerifier.length).toBeGreaterThanOrEqual(43);
      // Correctly sealed, so only the check under test can refuse it.
      const altered = { ...transaction, [tamper]: `${transaction[tamper].slice(0, -4)}AAAA` };
      jar.set(first.url, name, seal.seal(altered));
      const answer = await browse(jar, callback.href);
      expect(answer.status, tamper).toBe(303);
      expect(answer.headers.get('location'), tamper).toMatch(/^\/sign-in\?sso=failed/);
      expect(jar.get(first.url, 'ec_session'), tamper).toBeUndefined();
    }
  });

  it('names SSO staff in the audit by subject and display name', async () => {
    const ada = await signedIn('ada');
    const booked = await callBff(
      second.url,
      'POST',
      '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      {
        cookie: ada.cookie,
        body: { ...exampleCharge, input_id: 'sso-audit-1' },
      },
    );
    expect(booked.status).toBe(201);
    const admin = await signInTo(first.url, 'admin', ADMIN_PASSWORD);
    const audit = auditPageSchema.parse(
      await (await callBff(first.url, 'GET', '/bff/audit?user=sso:ada', { cookie: admin })).json(),
    );
    expect(audit.results[0]).toMatchObject({
      username: 'sso:ada',
      displayName: 'Ada Lovelace',
      role: 'operator',
      status: 201,
      targets: { input_id: 'sso-audit-1' },
    });
  });

  it('ends the BFF session and sends the browser on to the provider to end its own (RP-initiated logout)', async () => {
    const { jar, cookie } = await signedIn('vera');
    const answer = await callBff(second.url, 'POST', '/bff/logout', { cookie });
    expect(answer.status).toBe(200);
    const endSession = new URL(logoutResponseSchema.parse(await answer.json()).endSessionUrl);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${first.url}/sign-in`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect(await statusOf(callBff(first.url, 'GET', '/bff/user', { cookie }))).toBe(401);

    // At the provider: confirm, and land on the console's sign-in page.
    const confirmPage = await browse(jar, endSession.href);
    const html = await confirmPage.text();
    const action = new URL(/action="([^"]+)"/.exec(html)![1]!, endSession).href;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await browse(jar, action, { form: { xsrf, logout: 'yes' } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${first.url}/sign-in`);
    // The provider's session is gone too: the next SSO sign-in asks for the login again.
    const again = await browse(jar, `${first.url}/bff/login/oidc`);
    const atProvider = await followUntil(
      jar,
      again,
      `${first.url}/bff/login/oidc`,
      `${first.url}/bff/callback`,
    );
    expect(atProvider.stopped).toBe(false);
    expect(await atProvider.response.text()).toContain('name="login"');
  });

  it('a local session signs out as before (204)', async () => {
    const admin = await signInTo(second.url, 'admin', ADMIN_PASSWORD);
    expect(await statusOf(callBff(second.url, 'POST', '/bff/logout', { cookie: admin }))).toBe(204);
  });

  it('back-channel logout from the provider ends the session on the other replica at once', async () => {
    const { jar, cookie } = await signedIn('ada');
    const other = await signedIn('vera');
    // Cached on the second replica; the provider calls the first.
    expect(await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie }))).toBe(200);

    // Ada signs out at the provider itself (another application's sign-out button, say).
    const confirmPage = await browse(jar, `${provider.issuer}/session/end`);
    const html = await confirmPage.text();
    const action = new URL(/action="([^"]+)"/.exec(html)![1]!, provider.issuer).href;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    expect((await browse(jar, action, { form: { xsrf, logout: 'yes' } })).status).toBeLessThan(400);

    await until(
      async () => (await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie }))) === 401,
      2000,
    );
    expect(await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: other.cookie }))).toBe(200);
  });

  describe('back-channel logout tokens', () => {
    const event = { 'http://schemas.openid.net/event/backchannel-logout': {} };
    let otherKey: CryptoKey;
    beforeAll(async () => {
      otherKey = (await generateKeyPair('RS256')).privateKey;
    });
    async function logoutToken(claims: JWTPayload, options: { key?: 'other' } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: provider.issuer,
        aud: TEST_CLIENT.id,
        iat: now,
        exp: now + 120,
        jti: crypto.randomUUID(),
        events: event,
        ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: provider.signingKey.kid!, typ: 'logout+jwt' })
        .sign(options.key === 'other' ? otherKey : await importJWK(provider.signingKey, 'RS256'));
    }
    const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
      fetch(`${first.url}/bff/backchannel`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });

    it('ends all sessions of the subject named, without X-CSRF', async () => {
      const ada = await signedIn('ada');
      const token = await logoutToken({ sub: 'ada' });
      const answer = await post(new URLSearchParams({ logout_token: token }).toString());
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      await until(
        async () => (await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: ada.cookie }))) === 401,
        2000,
      );
    });

    it('answers 400 to anything else, ending nothing', async () => {
      const ada = await signedIn('ada');
      const refused: Array<[string, string | Promise<string>, string?]> = [
        ['no token', 'other=1'],
        ['not a JWT', new URLSearchParams({ logout_token: 'abc' }).toString()],
        ['as JSON', JSON.stringify({ logout_token: await logoutToken({ sub: 'ada' }) }), 'application/json'],
        ['as broken JSON', '{"logout_token": "', 'application/json'],
        ['as text', 'logout_token', 'text/plain'],
        [
          'another key',
          logoutToken({ sub: 'ada' }, { key: 'other' }).then((token) => `logout_token=${token}`),
        ],
        [
          'another audience',
          logoutToken({ sub: 'ada', aud: 'someone-else' }).then((token) => `logout_token=${token}`),
        ],
        ['with a nonce', logoutToken({ sub: 'ada', nonce: 'n' }).then((token) => `logout_token=${token}`)],
        [
          'without the event',
          logoutToken({ sub: 'ada', events: {} }).then((token) => `logout_token=${token}`),
        ],
        ['neither sub nor sid', logoutToken({}).then((token) => `logout_token=${token}`)],
        [
          'issued an hour ago',
          logoutToken({ sub: 'ada', iat: Math.floor(Date.now() / 1000) - 3600 }).then(
            (token) => `logout_token=${token}`,
          ),
        ],
      ];
      for (const [why, body, contentType] of refused) {
        const answer = await post(await body, contentType);
        expect(answer.status, why).toBe(400);
        expect(await answer.json(), why).toMatchObject({ error: 'invalid_request' });
      }
      const tooLarge = await post(`logout_token=${'x'.repeat(100 * 1024)}`);
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({
        detail: 'Request body exceeds the limit of 64 KB.',
        code: 'body_too_large',
        limit_bytes: 64 * 1024,
      });
      expect(await statusOf(callBff(second.url, 'GET', '/bff/user', { cookie: ada.cookie }))).toBe(200);
    });
  });
});

describe('SSO when the provider is down, and without local accounts', () => {
  let sandbox: TestSandbox;
  let upstream: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await sandbox?.close();
  });

  async function bff(options: { issuer: string; localAccounts: boolean }) {
    const app = await buildTestBff(upstream, {
      dataDir: join(tmpdir(), 'bff-sso-unused'),
      staticDir: join(tmpdir(), 'bff-sso-no-spa'),
      localAccounts: options.localAccounts,
      identityProvider: testProviderOptions(options.issuer, 'http://127.0.0.1:1'),
    });
    apps.push(app);
    await app.users.create('olga', 'olga-password-1', 'operator');
    return app;
  }
  const get = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url, headers: { 'x-csrf': '1' } });
  const signInLocally = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { 'x-csrf': '1' },
      payload: { username: 'olga', password: 'olga-password-1' },
    });

  it('says SSO is unavailable, sends SSO sign-ins back to say so, and keeps local sign-in and /readyz', async () => {
    // A port nothing listens on: the provider is down.
    const app = await bff({ issuer: `http://127.0.0.1:${await freePort()}`, localAccounts: true });
    expect((await get(app, '/bff/sign-in-options')).json()).toEqual({
      local: true,
      sso: 'unavailable',
      passkey: false,
    });
    const start = await app.inject({ method: 'GET', url: '/bff/login/oidc?returnTo=/charges' });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/sign-in?sso=unavailable&redirect=%2Fcharges');
    expect(start.cookies).toEqual([]);
    expect((await signInLocally(app)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('turns local accounts off: no local sign-in, SSO offered', async () => {
    const provider = await startTestIdentityProvider({ consoleUrl: 'http://127.0.0.1:1' });
    try {
      const app = await bff({ issuer: provider.issuer, localAccounts: false });
      expect((await get(app, '/bff/sign-in-options')).json()).toEqual({
        local: false,
        sso: 'available',
        passkey: false,
      });
      const refused = await signInLocally(app);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        detail: 'Local accounts are turned off here: sign in with SSO.',
        code: 'local_accounts_off',
      });
      expect(refused.cookies).toEqual([]);
    } finally {
      await provider.close();
    }
  });

  it('still wants X-CSRF on every other BFF route, and refuses a callback without a sign-in', async () => {
    const app = await bff({ issuer: `http://127.0.0.1:${await freePort()}`, localAccounts: true });
    for (const url of ['/bff/sign-in-options', '/bff/user', '/bff/login/oidcx', '/bff/callbacks'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/bff/login/oidc' })).statusCode).toBe(403);
    const callback = await app.inject({ method: 'GET', url: '/bff/callback?code=abc&state=def' });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/sign-in?sso=expired');
    const cancelled = await app.inject({ method: 'GET', url: '/bff/callback?error=access_denied&state=def' });
    expect(cancelled.headers.location).toBe('/sign-in?sso=cancelled');
  });
});
