import { mkdtempSync, rmSync } from 'node:fs';
import { createPostgresDatabase } from '../node-shared/db/testing/postgres.ts';
import { auditEntries } from './db/schema.ts';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../node-shared/logger.ts';
import { auditPageSchema } from '../contract/bff-api.ts';
import { exampleCharge, exampleConsumer } from '../contract/testing/examples.ts';
import { buildBffApp } from './app.ts';
import { TokenManager } from './token-manager.ts';
import type { TestSandbox } from '../sandbox/testing/harness.ts';
import { CSRF, signIn, startUpstreamSandbox } from './testing/test-bff.ts';
import { listenLocally } from '../node-shared/testing/listen.ts';

const consumer = exampleConsumer;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return { server, url: await listenLocally(server) };
}

async function bffFor(
  upstream: string,
  dataDir: string,
  options: { timeoutMs?: number; tokens?: TokenManager; databaseUrl?: string } = {},
) {
  const tokens =
    options.tokens ??
    new TokenManager({ baseUrl: upstream, clientId: 'sandbox-rw', clientSecret: 'sandbox-rw-secret' });
  const app = await buildBffApp({
    dataDir,
    databaseUrl: options.databaseUrl ?? 'memory://',
    environment: 'sandbox',
    upstreamBaseUrl: upstream,
    tokens,
    upstreamTimeoutMs: options.timeoutMs ?? 5000,
    staticDir: join(dataDir, 'no-spa'),
  });
  return { app, users: app.users, tokens };
}

describe('BFF against the real sandbox', () => {
  let sandbox: TestSandbox;
  let upstream: string;
  let dataDir: string;
  let postgres: { url: string; drop: () => Promise<void> };
  let app: FastifyInstance;
  let tokens: TokenManager;
  let admin: string;
  let operator: string;
  let viewer: string;
  const responses: string[] = [];

  const call = async (
    method: HTTPMethods,
    url: string,
    cookie: string | undefined,
    payload?: InjectOptions['payload'],
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...CSRF, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    responses.push(JSON.stringify(response.headers) + response.body);
    return response;
  };

  beforeAll(async () => {
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    dataDir = mkdtempSync(join(tmpdir(), 'bff-'));
    // PostgreSQL: the instances built by single tests below share the suite's accounts, as replicas do.
    postgres = await createPostgresDatabase();
    const built = await bffFor(upstream, dataDir, { databaseUrl: postgres.url });
    app = built.app;
    tokens = built.tokens;
    await built.users.create('admin', 'admin-password-1', 'admin');
    await built.users.create('olga', 'operator-password', 'operator');
    await built.users.create('victor', 'viewer-password1', 'viewer');
    admin = await signIn(app, 'admin', 'admin-password-1');
    operator = await signIn(app, 'olga', 'operator-password');
    viewer = await signIn(app, 'victor', 'viewer-password1');
  });
  afterAll(async () => {
    await app.close();
    await sandbox.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('requires X-CSRF: 1 on every /api and /bff request', async () => {
    for (const url of [
      '/bff/user',
      '/api/v3/validation/market_location/?market_location_id=51238696781',
      '/bff/login',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(response.statusCode).toBe(403);
    }
  });

  it('tells anyone the environment, for the sign-in screen', async () => {
    expect((await call('GET', '/bff/environment', undefined)).json()).toEqual({ environment: 'sandbox' });
  });

  it('answers 401 without a session, never a redirect', async () => {
    expect((await call('GET', '/bff/user', undefined)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/v3/validation/market_location/?market_location_id=51238696781', undefined))
        .statusCode,
    ).toBe(401);
  });

  it('tells the console who is signed in with a 200 either way (/bff/session), the same user as /bff/user', async () => {
    const signedOut = await call('GET', '/bff/session', undefined);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    expect((await call('GET', '/bff/session', viewer)).json()).toEqual({
      user: (await call('GET', '/bff/user', viewer)).json(),
    });
    // A forged or unknown cookie is nobody, as for /bff/user.
    expect((await call('GET', '/bff/session', 'ec_session=forged.value')).json()).toEqual({ user: null });
  });

  it('signs in with an HttpOnly, SameSite=Strict session cookie and reports the user', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'olga', password: 'operator-password' },
    });
    expect(response.json()).toEqual({ username: 'olga', role: 'operator' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect((await call('GET', '/bff/user', viewer)).json()).toEqual({
      username: 'victor',
      role: 'viewer',
      environment: 'sandbox',
      confirmFromCent: 100_000,
      approvalFromCent: 100_000,
      authenticatedWith: 'password',
    });
  });

  it('uses a Secure __Host- cookie over HTTPS behind a trusted proxy', async () => {
    const proxied = await buildBffApp({
      dataDir,
      databaseUrl: postgres.url,
      environment: 'production',
      upstreamBaseUrl: upstream,
      tokens,
      upstreamTimeoutMs: 5000,
      trustProxy: true,
    });
    const response = await proxied.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, 'x-forwarded-proto': 'https' },
      payload: { username: 'olga', password: 'operator-password' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/^__Host-ec_session=.*Secure/);
    expect(response.headers['strict-transport-security']).toBeDefined();
    await proxied.close();
  });

  it('throttles failed sign-ins per username and address with 429', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/bff/login', undefined, {
        username: 'victor',
        password: `wrong-password-${i}`,
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: 'Wrong username or password.', code: 'sign_in_refused' });
    }
    const blocked = await call('POST', '/bff/login', undefined, {
      username: 'victor',
      password: 'viewer-password1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forwards allowlisted reads and passes upstream answers through', async () => {
    const ok = await call(
      'GET',
      '/api/v3/validation/market_location/?market_location_id=51238696781',
      viewer,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    const bad = await call(
      'GET',
      '/api/v3/validation/bank_data_iban/?iban=TR330006100519786457841326',
      viewer,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'the IBAN country code is currently not supported' });
  });

  it('rewrites pagination links to point back through the BFF (relative without BFF_PUBLIC_URL)', async () => {
    const response = await call(
      'GET',
      '/api/v3/producers/P1000/contracts/C1000/feed/?start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&limit=10&offset=10',
      viewer,
    );
    const page = response.json();
    expect(page.next).toMatch(/^\/api\/v3\/producers\/P1000\/contracts\/C1000\/feed\/\?.*offset=20/);
    expect(page.previous).toMatch(/^\/api\/v3\/producers\/P1000\/contracts\/C1000\/feed\/\?/);
  });

  it('refuses viewer writes with 403 and lets operators write', async () => {
    const refused = await call('POST', '/api/v3/migrations/consumers/U-1/', viewer, consumer);
    expect(refused.statusCode).toBe(403);
    const created = await call('POST', '/api/v3/migrations/consumers/U-1/', operator, consumer);
    expect(created.statusCode).toBe(201);
    const chargesUrl = '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';
    const fee = { ...exampleCharge, input_id: 'bff-1' };
    expect((await call('POST', chargesUrl, operator, fee)).statusCode).toBe(201);
    const duplicate = await call('POST', chargesUrl, operator, fee);
    expect(duplicate.statusCode).toBe(400);
  });

  it.each([
    ['GET', '/api/v3/consumers/'],
    ['DELETE', '/api/v3/producers/P1000/contracts/C1000/feed/'],
    ['GET', '/api/v3/producers/P1000/contracts/C1000/feed/../../../../oauth2/token/'],
    ['GET', '/api/v3/producers/P1000%2Fcontracts/C1000/feed/'],
    ['GET', '/api/v3/producers/P1000/contracts/C1000/%2e%2e/feed/'],
    ['GET', '/api/v3/validation//market_location/'],
    ['GET', '/api/v3/schema/'],
    ['POST', '/api/oauth2/token/'],
  ])('never forwards %s %s (404)', async (method, url) => {
    const response = await call(method, url, admin);
    expect(response.statusCode).toBe(404);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const response = await call('POST', '/api/v3/migrations/consumers/U-2/', operator, {
      ...consumer,
      source: 'x'.repeat(1_100_000),
    });
    expect(response.statusCode).toBe(413);
  });

  it('lets admins manage accounts, others not', async () => {
    expect((await call('GET', '/bff/users', operator)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/bff/users', operator, {
          username: 'eve',
          password: 'long-enough-pass',
          role: 'admin',
        })
      ).statusCode,
    ).toBe(403);
    const short = await call('POST', '/bff/users', admin, {
      username: 'newbie',
      password: 'short',
      role: 'viewer',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ['Use at least 12 characters.'] });
    const created = await call('POST', '/bff/users', admin, {
      username: 'newbie',
      password: 'long-enough-pass',
      role: 'viewer',
    });
    expect(created.statusCode).toBe(201);
    const newbie = await signIn(app, 'newbie', 'long-enough-pass');
    expect((await call('PATCH', '/bff/users/newbie', admin, { disabled: true })).json()).toMatchObject({
      disabled: true,
    });
    expect((await call('GET', '/bff/user', newbie)).statusCode).toBe(401);
    expect((await call('GET', '/bff/session', newbie)).json()).toEqual({ user: null });
    expect(
      (await call('POST', '/bff/login', undefined, { username: 'newbie', password: 'long-enough-pass' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('GET', '/bff/users', admin)).json().map((user: { username: string }) => user.username),
    ).toContain('newbie');
  });

  it('audits every write attempt with ids but no personal data, newest first', async () => {
    const entries = auditPageSchema.parse((await call('GET', '/bff/audit?limit=50', admin)).json()).results;
    expect((await call('GET', '/bff/audit', operator)).statusCode).toBe(403);
    const refused = entries.find(
      (entry) => entry.operation === 'migrations_consumers_create' && entry.status === 403,
    );
    expect(refused).toMatchObject({ username: 'victor', targets: { userID: 'U-1' } });
    expect(entries.find((entry) => entry.targets.input_id === 'bff-1')).toMatchObject({
      operation: 'producers_contracts_charges_and_credits_create',
      targets: { userID: 'P1000', contractID: 'C1000', input_id: 'bff-1' },
    });
    expect(entries.some((entry) => entry.operation === 'not_allowed')).toBe(true);
    const stored = JSON.stringify(await app.database.db.select().from(auditEntries));
    expect(stored).toContain('bff-1');
    expect(stored).not.toMatch(/DE89370400440532013000|DE89 3704|Mustermann|Erika/);
    const times = entries.map((entry) => entry.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('ends the session server-side at sign-out', async () => {
    const cookie = await signIn(app, 'olga', 'operator-password');
    expect((await call('POST', '/bff/logout', cookie)).statusCode).toBe(204);
    expect((await call('GET', '/bff/user', cookie)).statusCode).toBe(401);
    expect((await call('GET', '/bff/session', cookie)).json()).toEqual({ user: null });
  });

  it('serves health and readiness', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('logs no password, session cookie, client secret or access token', async () => {
    const lines: string[] = [];
    const logger = pino({ ...loggerOptions('bff', 'debug') }, { write: (line: string) => lines.push(line) });
    const logged = await buildBffApp({
      dataDir,
      databaseUrl: postgres.url,
      environment: 'sandbox',
      upstreamBaseUrl: upstream,
      tokens,
      upstreamTimeoutMs: 5000,
      logger,
    });
    const login = await logged.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'olga', password: 'operator-password' },
    });
    const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
    await logged.inject({
      method: 'POST',
      url: '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      headers: { ...CSRF, cookie, authorization: 'Bearer browser-sent-token' },
      payload: { input_id: 'logged' },
    });
    await logged.close();
    const text = lines.join('');
    expect(text).toContain('audit');
    for (const secret of [
      'operator-password',
      login.cookies[0]!.value,
      'sandbox-rw-secret',
      await tokens.token(),
      'browser-sent-token',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('never lets a client secret or access token reach a response', async () => {
    const token = await tokens.token();
    for (const text of responses) {
      expect(text).not.toContain('sandbox-rw-secret');
      expect(text).not.toContain(token);
    }
  });
});

describe('BFF upstream failures and tokens', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'bff-upstream-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A token server we control, counting requests and delaying answers. */
  async function fakePlatform(behaviour: {
    delayMs?: number;
    tokenStatus?: number;
    apiStatus?: () => number;
    apiDelayMs?: number;
  }) {
    const counts = { token: 0, api: 0 };
    const seen: { url: string; headers: Record<string, unknown> }[] = [];
    const platform = await listen((request, response) => {
      if (request.url !== '/oauth2/token/') seen.push({ url: request.url!, headers: request.headers });
      if (request.url === '/oauth2/token/') {
        counts.token++;
        setTimeout(() => {
          response.writeHead(behaviour.tokenStatus ?? 200, { 'content-type': 'application/json' });
          response.end(
            behaviour.tokenStatus && behaviour.tokenStatus !== 200
              ? JSON.stringify({ error: 'invalid_client', error_description: 'no' })
              : JSON.stringify({
                  access_token: `token-${counts.token}`,
                  token_type: 'bearer',
                  expires_in: 3600,
                  scope: 'read write',
                }),
          );
        }, behaviour.delayMs ?? 0);
        return;
      }
      counts.api++;
      setTimeout(() => {
        const status = behaviour.apiStatus?.() ?? 200;
        response.writeHead(status, status === 200 ? {} : { 'content-type': 'application/json' });
        response.end(status === 200 ? '' : JSON.stringify({ detail: 'Invalid or expired token.' }));
      }, behaviour.apiDelayMs ?? 0);
    });
    return { ...platform, counts, seen };
  }

  async function signedInBff(upstream: string, timeoutMs = 5000) {
    const built = await bffFor(upstream, mkdtempSync(join(dataDir, 'd-')), { timeoutMs });
    await built.users.create('olga', 'operator-password', 'operator');
    return { ...built, cookie: await signIn(built.app, 'olga', 'operator-password') };
  }

  const validationUrl = '/api/v3/validation/market_location/?market_location_id=51238696781';

  it('forwards a fresh header set and the query string intact', async () => {
    const platform = await fakePlatform({});
    const bff = await signedInBff(platform.url);
    const query = '?market_location_id=51238696781&note=a%2Fb%20c&note=2';
    const answer = await bff.app.inject({
      url: `/api/v3/validation/market_location/${query}`,
      headers: {
        ...CSRF,
        cookie: `${bff.cookie}; other=1`,
        authorization: 'Bearer from-the-browser',
        'x-forwarded-for': '6.6.6.6',
        'x-custom': 'nope',
      },
    });
    expect(answer.statusCode).toBe(200);
    const [forwarded] = platform.seen;
    expect(forwarded!.url).toBe(`/v3/validation/market_location/${query}`);
    expect(forwarded!.headers.authorization).toBe('Bearer token-1');
    for (const header of ['cookie', 'x-custom', 'x-forwarded-for', 'x-csrf'])
      expect(forwarded!.headers).not.toHaveProperty(header);
    await bff.app.close();
    platform.server.close();
  });

  it('serves the SPA: history fallback, CSP, immutable hashed assets, no-cache index.html', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const staticDir = mkdtempSync(join(dataDir, 'spa-'));
    mkdirSync(join(staticDir, 'assets'));
    const { brotliCompressSync, brotliDecompressSync } = await import('node:zlib');
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(
      join(staticDir, 'index.html.br'),
      brotliCompressSync('<!doctype html><title>console</title>'),
    );
    writeFileSync(join(staticDir, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
    writeFileSync(join(staticDir, 'favicon.svg'), '<svg/>');
    const tokens = new TokenManager({ baseUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' });
    const spa = await buildBffApp({
      dataDir: mkdtempSync(join(dataDir, 'd-')),
      databaseUrl: 'memory://',
      environment: 'sandbox',
      upstreamBaseUrl: 'http://127.0.0.1:9',
      tokens,
      upstreamTimeoutMs: 1000,
      staticDir,
    });
    const page = await spa.inject({ url: '/reports/feed-in?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(page.headers['content-encoding']).toBeUndefined();
    // Brotli where the browser takes it (the build writes index.html.br), never where it refuses it.
    const compressed = await spa.inject({
      url: '/reports/feed-in',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<title>console</title>');
    const refused = await spa.inject({ url: '/', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<title>console</title>');
    const asset = await spa.inject({ url: '/assets/index-AbCd1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await spa.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    expect((await spa.inject({ url: '/assets/missing-12345678.js' })).statusCode).toBe(404);
    expect((await spa.inject({ url: '/api/v3/anything', headers: CSRF })).statusCode).toBe(401);
    await spa.close();
  });

  it('makes exactly one token request for 200 concurrent calls', async () => {
    const platform = await fakePlatform({ delayMs: 50 });
    const bff = await signedInBff(platform.url);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        bff.app.inject({ url: validationUrl, headers: { ...CSRF, cookie: bff.cookie } }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(platform.counts.token).toBe(1);
    await bff.app.close();
    platform.server.close();
  });

  it('refreshes ahead of expiry', async () => {
    const platform = await fakePlatform({});
    let now = 1_000_000;
    const manager = new TokenManager({
      baseUrl: platform.url,
      clientId: 'c',
      clientSecret: 's',
      now: () => now,
    });
    expect(await manager.token()).toBe('token-1');
    now += 3600_000 - 70_000;
    expect(await manager.token()).toBe('token-1');
    now += 20_000; // within a minute of expiry
    expect(await manager.token()).toBe('token-2');
    platform.server.close();
  });

  it('replaces a token the upstream refuses with 401 and retries once; never retries 403', async () => {
    let calls = 0;
    const platform = await fakePlatform({ apiStatus: () => (++calls === 1 ? 401 : 200) });
    const bff = await signedInBff(platform.url);
    const answer = await bff.app.inject({ url: validationUrl, headers: { ...CSRF, cookie: bff.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(platform.counts).toEqual({ token: 2, api: 2 });
    await bff.app.close();
    platform.server.close();

    const forbidding = await fakePlatform({ apiStatus: () => 403 });
    const second = await signedInBff(forbidding.url);
    const refused = await second.app.inject({
      url: validationUrl,
      headers: { ...CSRF, cookie: second.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(forbidding.counts.api).toBe(1);
    await second.app.close();
    forbidding.server.close();
  });

  it('answers 502 on a token failure, is not ready, and keeps staff signed in', async () => {
    const platform = await fakePlatform({ tokenStatus: 400 });
    const bff = await signedInBff(platform.url);
    const answer = await bff.app.inject({ url: validationUrl, headers: { ...CSRF, cookie: bff.cookie } });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toHaveProperty('detail');
    expect((await bff.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect(
      (await bff.app.inject({ url: '/bff/user', headers: { ...CSRF, cookie: bff.cookie } })).statusCode,
    ).toBe(200);
    await bff.app.close();
    platform.server.close();
  });

  it('answers 504 when the upstream is too slow and 502 when it is down', async () => {
    const slow = await fakePlatform({ apiDelayMs: 1500 });
    const bff = await signedInBff(slow.url, 300);
    const late = await bff.app.inject({ url: validationUrl, headers: { ...CSRF, cookie: bff.cookie } });
    expect(late.statusCode).toBe(504);
    await bff.app.close();
    slow.server.close();

    const gone = await listen(() => {});
    const goneUrl = gone.url;
    await new Promise((resolve) => gone.server.close(resolve));
    const down = await signedInBff(goneUrl);
    const manager = new TokenManager({ baseUrl: goneUrl, clientId: 'c', clientSecret: 's' });
    await expect(manager.token()).rejects.toThrow(/access token/);
    const unreachable = await down.app.inject({
      url: validationUrl,
      headers: { ...CSRF, cookie: down.cookie },
    });
    expect(unreachable.statusCode).toBe(502);
    await down.app.close();
  });
});
