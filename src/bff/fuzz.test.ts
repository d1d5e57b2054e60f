import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { OPERATIONS } from '../contract/api/operations.ts';
import type { Role } from '../contract/bff-api.ts';
import { bffRefusalCodeSchema } from '../contract/bff-refusal-codes.ts';
import { isRecord } from '../contract/is-record.ts';
import type { TestSandbox } from '../sandbox/testing/harness.ts';
import { buildTestBff, startUpstreamSandbox } from './testing/test-bff.ts';

/** `{detail}` (with extra members, as the platform may add) or field errors `{field: [message]}`. */
const documentedError = z.union([
  z.record(z.string(), z.array(z.string())),
  z.catchall(z.object({ detail: z.string() }), z.unknown()),
]);
/** A stack frame, drizzle's failed query, or SQL: nothing of the kind may leave the server. */
/**
 * Could the answer be the platform's, relayed under `/api` (however the path is spelled)? Its `{detail}`
 * carries no code; every other `{detail}` is the BFF's own and must (issue 43).
 */
const mayBeRelayed = (url: string) => /api|%61|%41/i.test(url);
const INTERNALS = /\n\s+at |Failed query|\bfrom "\w+"|insert into "|update "\w+" set|node_modules|\.ts:\d+/i;

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/** Every route the BFF has, from its router (routes added later are fuzzed too), plus the proxied API. */
function routesOf(app: FastifyInstance): { path: string; methods: Method[] }[] {
  const routes: { path: string; methods: Method[] }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    if (path.startsWith('/'))
      routes.push({
        path,
        methods: match[3]!
          .split(', ')
          .filter((method): method is Method => METHODS.some((known) => known === method)),
      });
  }
  for (const operation of OPERATIONS)
    routes.push({ path: `/api${operation.path.replace(/\{(\w+)\}/g, ':$1')}`, methods: [operation.method] });
  return routes;
}

/** Percent-encodes some characters (letters too, either case) to try every spelling of a path. */
const respell = (path: string, picks: boolean[]) =>
  [...path]
    .map((char, index) => {
      if (char === '/' || !picks[index % picks.length]) return char;
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${index % 2 ? hex.toUpperCase() : hex}`;
    })
    .join('');

const segment = fc.oneof(
  fc.constantFrom(
    'P1000',
    'C1000',
    'olga',
    'ada',
    'X',
    'a\u0000b',
    '..',
    '.',
    '%',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ minLength: 90, maxLength: 400 }),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.constantFrom(
        'username',
        'password',
        'role',
        'disabled',
        'kind',
        'fileName',
        'rows',
        'amount_cent',
        'input_id',
        'iban',
        'logout_token',
        'current_password',
        'new_password',
      ),
      fc.oneof(
        fc.jsonValue(),
        fc.constantFrom('olga', 'admin', 'viewer', 'charges', 'a\u0000b', 3_000_000_000, -1, true),
        fc.array(fc.record({ row: fc.integer(), values: fc.dictionary(fc.string(), fc.jsonValue()) }), {
          maxLength: 3,
        }),
      ),
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.integer({ min: 60, max: 30_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

describe('fuzz: no request gives a 5xx, internals or a dead BFF', () => {
  let sandbox: TestSandbox;
  let dataDir: string;
  let app: FastifyInstance;
  let routes: { path: string; methods: Method[] }[];

  beforeAll(async () => {
    const upstream = await startUpstreamSandbox();
    sandbox = upstream.sandbox;
    dataDir = mkdtempSync(join(tmpdir(), 'bff-fuzz-'));
    const staticDir = join(dataDir, 'spa');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    app = await buildTestBff(upstream.url, { dataDir, staticDir });
    await app.users.create('ada', 'admin-password-1', 'admin');
    await app.users.create('olga', 'operator-password', 'operator');
    await app.ready();
    routes = routesOf(app);
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh session each time: a fuzzed sign-out or account change must not end later runs' sessions. */
  async function sessionCookie(role: Role | 'none' | 'forged'): Promise<string | undefined> {
    if (role === 'none') return undefined;
    if (role === 'forged') return 'ec_session=s%3Aforged.signature';
    const session = await app.sessions.create({ username: role === 'admin' ? 'ada' : 'olga', role });
    return `ec_session=${app.signCookie(session.id)}`;
  }

  function expectSafe(method: string, url: string, response: Awaited<ReturnType<FastifyInstance['inject']>>) {
    const what = `${method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, what).toBeLessThan(500);
    expect(response.body, what).not.toMatch(INTERNALS);
    if (response.statusCode >= 400 && method !== 'HEAD') {
      expect(String(response.headers['content-type']), what).toMatch(/^application\/json/);
      const body: unknown = JSON.parse(response.body);
      expect(documentedError.safeParse(body).success, what).toBe(true);
      if (isRecord(body) && 'detail' in body && (!mayBeRelayed(url) || 'code' in body))
        expect(bffRefusalCodeSchema.safeParse(body.code).success, what).toBe(true);
    }
  }

  it('lists the routes it fuzzes', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/bff/login',
        '/bff/users/:username',
        '/bff/bulk/campaigns/:id/results',
        '/api/v3/migrations/consumers/:userID/',
      ]),
    );
  });

  it('every route, with arbitrary parameters, spellings, methods, headers, queries and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.option(fc.constantFrom(...METHODS)),
        fc.dictionary(
          fc.constantFrom(
            'limit',
            'offset',
            'user',
            'operation',
            'status',
            'from',
            'to',
            'kind',
            'returnTo',
            'start',
          ),
          fc.oneof(
            fc.string({ maxLength: 20 }),
            fc.constantFrom('\u0000', '-1', '1e309', '2025-01-01T00:00:00Z'),
          ),
        ),
        fc.record({
          role: fc.constantFrom<Role | 'none' | 'forged'>('admin', 'operator', 'viewer', 'none', 'forged'),
          csrf: fc.constantFrom('1', '0', undefined),
          contentType: fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            undefined,
          ),
          forwardedFor: fc.option(fc.string({ maxLength: 40 })),
        }),
        body,
        async (pick, segments, spelling, otherMethod, query, headers, payload) => {
          const route = routes[pick % routes.length]!;
          let index = 0;
          const filled = route.path.replace(/:\w+/g, () => encodeURIComponent(segments[index++ % 3]!));
          const path = respell(filled, spelling);
          const search = new URLSearchParams(query).toString();
          const url = search ? `${path}?${search}` : path;
          const method = otherMethod ?? route.methods[pick % route.methods.length] ?? 'GET';
          const cookie = await sessionCookie(headers.role);
          const request: InjectOptions = {
            method,
            url,
            headers: {
              ...(headers.csrf === undefined ? {} : { 'x-csrf': headers.csrf }),
              ...(cookie ? { cookie } : {}),
              ...(headers.contentType && payload !== undefined
                ? { 'content-type': headers.contentType }
                : {}),
              ...(headers.forwardedFor
                ? { 'x-forwarded-for': headers.forwardedFor.replace(/[^\x20-\x7e]/g, '') }
                : {}),
            },
            ...(payload !== undefined && !['GET', 'HEAD'].includes(method) ? { payload } : {}),
          };
          expectSafe(method, url, await app.inject(request));
        },
      ),
      { numRuns: 400 },
    );
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 60_000);

  it('arbitrary paths, however spelled, with a session', async () => {
    const cookie = await sessionCookie('admin');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.webPath(),
          fc.string({ unit: 'binary', maxLength: 80 }).map((text) => `/${encodeURIComponent(text)}`),
        ),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...METHODS),
        fc.constantFrom('', '/api', '/bff', '/api/v3', '/bff/bulk/campaigns', '/bff/users'),
        async (path, spelling, method, prefix) => {
          const url = respell(`${prefix}${path.startsWith('/') ? path : `/${path}`}`, spelling);
          const response = await app.inject({ method, url, headers: { 'x-csrf': '1', cookie: cookie! } });
          expectSafe(method, url, response);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('arbitrary bytes on the socket leave the BFF answering', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const send = (bytes: Uint8Array) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('error', () => resolve(answer));
        socket.on('close', () => resolve(answer));
        socket.setTimeout(2000, () => socket.destroy());
        socket.end(bytes);
      });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'G\u0000T', ''),
        fc.uint8Array({ maxLength: 120 }),
        fc.uint8Array({ maxLength: 200 }),
        async (method, target, rest) => {
          const head = Buffer.concat([
            Buffer.from(`${method} /bff/`),
            Buffer.from(target),
            Buffer.from(' HTTP/1.1\r\nhost: x\r\nx-csrf: 1\r\n'),
            Buffer.from(rest),
            Buffer.from('\r\n\r\n'),
          ]);
          const answer = await send(head);
          const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
          if (status) expect(Number(status), answer.slice(0, 200)).toBeLessThan(500);
          expect(answer).not.toMatch(INTERNALS);
        },
      ),
      { numRuns: 60 },
    );
    expect((await fetch(`${address}/healthz`)).status).toBe(200);
  }, 60_000);
});
