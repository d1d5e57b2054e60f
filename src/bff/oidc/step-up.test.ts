import { hkdfSync, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutResponseSchema } from '../../contract/bff-api.ts';
import { callBff, freePort } from '../testing/bff-process.ts';
import { browse, CookieJar } from '../testing/browser-like.ts';
import {
  signInAtTestProvider,
  startTestIdentityProvider,
  testProviderOptions,
  type TestIdentityProvider,
  type TestStaffLogin,
} from '../testing/oidc-test-provider.ts';
import { buildTestBff } from '../testing/test-bff.ts';
import { LoginTransactionSeal } from './login-transaction.ts';

const SESSION_SECRET = 'step-up-test-session-secret-0123456789abcdef';
const APPROVAL_PAGE = '/approvals/3f2a9c4e-0000-4000-8000-000000000001';

/**
 * Step-up for SSO approvers (issue 28): `GET /bff/login/oidc?…&max_age=` at a real OpenID provider
 * (oidc-provider), through a BFF in this process, so the sessions it starts can be read back.
 */
describe('step-up sign-in through the identity provider (max_age, auth_time)', () => {
  let provider: TestIdentityProvider;
  let app: FastifyInstance;
  let base: string;
  // The BFF's key for sign-in transactions, derived as it derives it: lets tests read and re-seal one.
  const seal = new LoginTransactionSeal(
    Buffer.from(hkdfSync('sha256', SESSION_SECRET, '', 'oidc-login-transaction', 32)),
  );

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startTestIdentityProvider({ consoleUrl: base });
    // The platform is never called here.
    app = await buildTestBff('http://127.0.0.1:1', {
      dataDir: join(tmpdir(), 'bff-step-up-unused'),
      sessionSecret: SESSION_SECRET,
      identityProvider: testProviderOptions(provider.issuer, base),
    });
    await app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  const signInUrl = (query: Record<string, string>) => `${base}/bff/login/oidc?${new URLSearchParams(query)}`;

  /**
   * From the sign-in link to the provider's redirect back to the callback (returned, not followed),
   * signing in at the provider when it asks. `alter` changes the authorization URL on its way there.
   */
  async function throughProvider(
    jar: CookieJar,
    url: string,
    login: TestStaffLogin,
    alter: (authorize: URL) => void = () => {},
  ) {
    const started = await browse(jar, url);
    expect(started.status).toBe(303);
    const authorize = new URL(started.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    const sent = new URL(authorize);
    alter(sent);
    return { authorize, ...(await signInAtTestProvider(jar, sent.href, login, `${base}/bff/callback`)) };
  }

  const sessionCookie = (jar: CookieJar) => jar.get(base, 'ec_session');

  /** The session the jar's cookie stands for, as the BFF resolves it (what the approvals plugin reads). */
  async function sessionIn(jar: CookieJar) {
    const cookie = sessionCookie(jar);
    if (!cookie) return null;
    const unsigned = app.unsignCookie(decodeURIComponent(cookie));
    return unsigned.valid ? app.sessions.resolve(unsigned.value) : null;
  }

  /**
   * Signs out; the `auth_time` (in ms) of the ID token the BFF kept for the session, read from the
   * provider's logout hint it answers with.
   */
  async function signOutForAuthTime(jar: CookieJar): Promise<number> {
    const answer = await callBff(base, 'POST', '/bff/logout', { cookie: `ec_session=${sessionCookie(jar)}` });
    expect(answer.status).toBe(200);
    const endSession = new URL(logoutResponseSchema.parse(await answer.json()).endSessionUrl);
    const { auth_time: authTime } = decodeJwt(endSession.searchParams.get('id_token_hint')!);
    expect(authTime).toEqual(expect.any(Number));
    return Number(authTime) * 1000;
  }

  const wholeSecondBefore = (instant: number) => Math.floor(instant / 1000) * 1000;

  it("asks the provider for max_age, and the session was authenticated at the ID token's auth_time", async () => {
    const jar = new CookieJar();
    const before = wholeSecondBefore(Date.now());
    const { authorize, callback, askedToSignIn } = await throughProvider(
      jar,
      signInUrl({ returnTo: APPROVAL_PAGE, max_age: '300' }),
      'grace',
    );
    expect(authorize.searchParams.get('max_age')).toBe('300');
    expect(askedToSignIn).toBe(true);
    const state = callback.searchParams.get('state')!;
    expect(seal.open(jar.get(base, seal.cookieName(state))!, state)).toMatchObject({
      maxAge: 300,
      returnTo: APPROVAL_PAGE,
    });

    const handover = await browse(jar, callback.href);
    expect(handover.status).toBe(200);
    expect(await handover.text()).toContain(`<meta http-equiv="refresh" content="0;url=${APPROVAL_PAGE}">`);
    const session = await sessionIn(jar);
    expect(session).toMatchObject({ username: 'sso:grace', role: 'admin' });
    expect(session!.authenticatedAt).toBeGreaterThanOrEqual(before);
    expect(session!.authenticatedAt).toBeLessThanOrEqual(Date.now());

    expect(session!.authenticatedAt).toBe(await signOutForAuthTime(jar));
  });

  it('without max_age the provider names no auth_time: unknown (null); a step-up then records when', async () => {
    const jar = new CookieJar();
    const before = wholeSecondBefore(Date.now());
    const plain = await throughProvider(jar, signInUrl({ returnTo: '/' }), 'ada');
    expect(plain.authorize.searchParams.has('max_age')).toBe(false);
    expect((await browse(jar, plain.callback.href)).status).toBe(200);
    const unknown = await sessionIn(jar);
    expect(unknown).toMatchObject({ username: 'sso:ada', authenticatedAt: null });

    // Signed in at the provider moments ago: within max_age, so it does not ask again, and says when.
    const stepUp = await throughProvider(jar, signInUrl({ returnTo: APPROVAL_PAGE, max_age: '300' }), 'ada');
    expect(stepUp.askedToSignIn).toBe(false);
    expect((await browse(jar, stepUp.callback.href)).status).toBe(200);
    const proven = await sessionIn(jar);
    expect(proven!.id).not.toBe(unknown!.id);
    expect(proven!.authenticatedAt).toBeGreaterThanOrEqual(before);
    expect(proven!.authenticatedAt).toBeLessThanOrEqual(Date.now());
    expect(proven!.authenticatedAt).toBe(await signOutForAuthTime(jar));
  });

  it('max_age=0 makes the provider ask for the password again, and the session says so', async () => {
    const jar = new CookieJar();
    await throughProvider(jar, signInUrl({}), 'vera').then(({ callback }) => browse(jar, callback.href));
    const beforeAgain = wholeSecondBefore(Date.now());
    const again = await throughProvider(jar, signInUrl({ max_age: '0' }), 'vera');
    expect(again.askedToSignIn).toBe(true);
    expect((await browse(jar, again.callback.href)).status).toBe(200);
    expect((await sessionIn(jar))!.authenticatedAt).toBeGreaterThanOrEqual(beforeAgain);
  });

  it('ignores a bad max_age, as it ignores a bad returnTo', async () => {
    const start = async (query: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/bff/login/oidc?returnTo=${APPROVAL_PAGE}&${query}`,
      });
      expect(answer.statusCode, query).toBe(303);
      const authorize = new URL(String(answer.headers.location));
      const state = authorize.searchParams.get('state')!;
      const sealed = answer.cookies.find((cookie) => cookie.name === seal.cookieName(state))!.value;
      return { authorize, transaction: seal.open(sealed, state)! };
    };
    const badValues = ['abc', '-1', '1.5', '1e3', '0x10', '', '%20300', '86401', '9999999'];
    for (const bad of [...badValues.map((value) => `max_age=${value}`), 'max_age=60&max_age=300']) {
      const { authorize, transaction } = await start(bad);
      expect(authorize.searchParams.has('max_age'), bad).toBe(false);
      expect(transaction, bad).not.toHaveProperty('maxAge');
      expect(transaction.returnTo, bad).toBe(APPROVAL_PAGE);
    }
    for (const good of ['0', '300', '86400']) {
      const { authorize, transaction } = await start(`max_age=${good}`);
      expect(authorize.searchParams.get('max_age'), good).toBe(good);
      expect(transaction.maxAge, good).toBe(Number(good));
    }
  });

  it('keeps a step-up a step-up: a transaction re-sealed without max_age is refused', async () => {
    const jar = new CookieJar();
    const { callback } = await throughProvider(
      jar,
      signInUrl({ returnTo: APPROVAL_PAGE, max_age: '300' }),
      'grace',
    );
    const state = callback.searchParams.get('state')!;
    const name = seal.cookieName(state);
    const { maxAge, ...withoutMaxAge } = seal.open(jar.get(base, name)!, state)!;
    expect(maxAge).toBe(300);
    // Whoever holds the cookie lacks the BFF's key: sealed with any other, it does not open.
    jar.set(base, name, new LoginTransactionSeal(randomBytes(32)).seal(withoutMaxAge));
    const refused = await browse(jar, callback.href);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/sign-in?sso=expired');
    expect(sessionCookie(jar)).toBeUndefined();
  });

  it('refuses the sign-in when max_age was taken off the way to the provider (no auth_time came back)', async () => {
    const jar = new CookieJar();
    const { callback } = await throughProvider(
      jar,
      signInUrl({ returnTo: APPROVAL_PAGE, max_age: '300' }),
      'grace',
      (authorize) => authorize.searchParams.delete('max_age'),
    );
    const refused = await browse(jar, callback.href);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(
      `/sign-in?sso=failed&redirect=${encodeURIComponent(APPROVAL_PAGE)}`,
    );
    expect(sessionCookie(jar)).toBeUndefined();
  });
});
