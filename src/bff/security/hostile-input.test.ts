import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { buildTestBff, CSRF, signIn, startUpstreamSandbox } from '../testing/test-bff.ts';

const NUL_IN_ADDRESS = {
  detail: 'The address holds a null character (%00), which is never valid here.',
  code: 'null_in_address',
};
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('hostile input at the BFF', () => {
  let sandbox: TestSandbox;
  let upstream: string;
  let dataDir: string;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  const logLines: string[] = [];

  const call = (options: InjectOptions & { cookie?: string }) => {
    const { cookie, headers, ...rest } = options;
    return app.inject({ ...rest, headers: { ...CSRF, ...(cookie ? { cookie } : {}), ...headers } });
  };
  const auditPaths = async () => {
    const response = await call({ method: 'GET', url: '/bff/audit?limit=1000', cookie: admin });
    return auditPageSchema.parse(response.json()).results;
  };

  beforeAll(async () => {
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    dataDir = mkdtempSync(join(tmpdir(), 'bff-hostile-'));
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    app = await buildTestBff(upstream, { dataDir, logger });
    // A route that fails the way a query with a bad value does (drizzle wraps the driver's error).
    app.post('/bff/test/database-error', async () => {
      const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
      });
      throw Object.assign(
        new Error(
          'Failed query: update "staff_users" set "role" = $1 where "username" = $2\nparams: admin,erika.secret',
        ),
        {
          name: 'DrizzleQueryError',
          query: 'update "staff_users" …',
          params: ['admin', 'erika.secret'],
          cause,
        },
      );
    });
    app.post('/bff/test/crash', async () => {
      throw new Error('Failed query: select * from staff_users where username = $1\nparams: erika.secret');
    });
    await app.users.create('ada', 'admin-password-1', 'admin');
    await app.users.create('olga', 'operator-password', 'operator');
    admin = await signIn(app, 'ada', 'admin-password-1');
    operator = await signIn(app, 'olga', 'operator-password');
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('one spelling of the path before any check', () => {
    it('refuses POST /%62ff/login without X-CSRF, as /bff/login', async () => {
      for (const url of ['/bff/login', '/%62ff/login', '/%62%66%66/login', '/bff/%6cogin', '/bff/%6Cogin']) {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: { username: 'olga', password: 'operator-password' },
        });
        expect(response.statusCode, url).toBe(403);
        expect(response.headers['set-cookie'], url).toBeUndefined();
      }
      const allowed = await call({
        method: 'POST',
        url: '/%62ff/login',
        payload: { username: 'olga', password: 'operator-password' },
      });
      expect(allowed.statusCode).toBe(200);
    });

    it('finds the session and audits a write at /%61pi/…', async () => {
      const anonymous = await call({ method: 'POST', url: '/%61pi/v3/migrations/consumers/X/', payload: {} });
      expect(anonymous.statusCode).toBe(401);
      const signedIn = await call({
        method: 'POST',
        url: '/%61pi/v3/migrations/consumers/X/',
        payload: {},
        cookie: operator,
      });
      expect(signedIn.statusCode).not.toBe(401);
      const read = await call({ method: 'GET', url: '/b%66f/user', cookie: operator });
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      const entries = (await auditPaths()).filter(
        (entry) => entry.path === '/api/v3/migrations/consumers/X/',
      );
      expect(entries.map((entry) => entry.username).sort()).toEqual([null, 'olga']);
    });

    it('keeps encoded reserved characters encoded, in either case, so they never route as a slash', async () => {
      for (const url of ['/bff%2Flogin', '/bff%2flogin', '/%62ff%2F%6cogin']) {
        const response = await call({
          method: 'POST',
          url,
          payload: { username: 'olga', password: 'operator-password' },
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
      const entries = await auditPaths();
      expect(entries.some((entry) => /%2f/.test(entry.path))).toBe(false);
    });

    it('audits an admin’s write whatever letters are encoded', async () => {
      const response = await call({
        method: 'PATCH',
        url: '/bff/%75sers/nobody',
        payload: { role: 'viewer' },
        cookie: admin,
      });
      expect(response.statusCode).toBe(404);
      expect((await auditPaths()).some((entry) => entry.path === '/bff/users/nobody')).toBe(true);
    });
  });

  describe('null characters are a 400, never a 500', () => {
    it('in a username at sign-in', async () => {
      const response = await call({
        method: 'POST',
        url: '/bff/login',
        payload: { username: 'ol\u0000ga', password: 'operator-password' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ username: ['Null characters are not allowed.'] });
    });

    it('in path parameters and queries of every route', async () => {
      const requests: [InjectOptions['method'], string][] = [
        ['PATCH', '/bff/users/a%00b'],
        ['GET', '/bff/bulk/campaigns/a%00b'],
        ['GET', '/bff/bulk/campaigns/a%00b/results'],
        ['POST', '/bff/bulk/campaigns/a%00b/pause'],
        ['POST', '/bff/bulk/campaigns/a%00b/resume'],
        ['POST', '/bff/bulk/campaigns/a%00b/cancel'],
        ['GET', '/bff/audit?user=a%00b'],
        ['GET', '/bff/bulk/campaigns?kind=%00'],
        ['GET', '/api/v3/producers/P1000/contracts/C1000/feed/?start=2025-01-01%00'],
      ];
      for (const [method, url] of requests) {
        const response = await call({ method, url, cookie: admin, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json(), `${method} ${url}`).toEqual(NUL_IN_ADDRESS);
      }
      // Refused writes are still audited, with the path as sent.
      expect(
        (await auditPaths()).some((entry) => entry.path === '/bff/users/a%00b' && entry.status === 400),
      ).toBe(true);
    });

    it('in a bulk campaign’s file name or a row’s input_id', async () => {
      const campaign = (fileName: string, inputId: string) => ({
        kind: 'charges',
        fileName,
        rows: [
          { row: 1, values: { user_id: 'P1000', contract_id: 'C1000', ...exampleCharge, input_id: inputId } },
        ],
      });
      const inFileName = await call({
        method: 'POST',
        url: '/bff/bulk/campaigns',
        payload: campaign('credits\u0000.csv', 'nul-1'),
        cookie: operator,
      });
      expect(inFileName.statusCode).toBe(400);
      expect(inFileName.json()).toEqual({ fileName: ['Null characters are not allowed.'] });
      const inInputId = await call({
        method: 'POST',
        url: '/bff/bulk/campaigns',
        payload: campaign('credits.csv', 'nul\u0000-2'),
        cookie: operator,
      });
      expect(inInputId.statusCode).toBe(400);
      expect(inInputId.json()).toEqual({ 'rows.0.values.input_id': ['Null characters are not allowed.'] });
    });

    it('answers bulk rows the database would refuse (duplicate or huge row numbers) without a 5xx', async () => {
      const rows = (numbers: number[]) =>
        numbers.map((row, index) => ({
          row,
          values: {
            user_id: 'P1000',
            contract_id: 'C1000',
            ...exampleCharge,
            input_id: `rows-${row}-${index}`,
          },
        }));
      for (const numbers of [[1, 1], [3_000_000_000]]) {
        const response = await call({
          method: 'POST',
          url: '/bff/bulk/campaigns',
          payload: { kind: 'charges', fileName: 'credits.csv', rows: rows(numbers) },
          cookie: operator,
        });
        expect(response.statusCode, numbers.join()).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, numbers.join()).toBeLessThan(500);
        expect(response.body).not.toMatch(/Failed query|bulk_rows/);
      }
    });

    it('falls back to 400 for a value the database refuses, logging no SQL or parameters', async () => {
      logLines.length = 0;
      const response = await call({ method: 'POST', url: '/bff/test/database-error', cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'The request holds a value that cannot be stored.',
        code: 'value_not_storable',
      });
      const crash = await call({ method: 'POST', url: '/bff/test/crash', cookie: admin });
      expect(crash.statusCode).toBe(500);
      expect(crash.json()).toEqual({
        detail: 'Something went wrong in the console server.',
        code: 'server_failure',
      });
      const logged = logLines.join('\n');
      expect(logged).toContain('22021');
      expect(logged).not.toMatch(/staff_users|erika\.secret|params/);
    });
  });

  describe('every refusal in the project’s shape', () => {
    it('answers an over-long path segment with {detail}', async () => {
      const response = await call({ method: 'PATCH', url: `/bff/users/${'x'.repeat(500)}`, cookie: admin });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({
        detail: 'A part of the address is too long.',
        code: 'address_too_long',
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers a malformed percent-encoding with {detail}', async () => {
      const response = await call({ method: 'GET', url: '/bff/bulk/campaigns/%E0%A4%A', cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The address is not valid.', code: 'address_invalid' });
    });

    it('states the route’s own body limit', async () => {
      const login = await call({
        method: 'POST',
        url: '/bff/login',
        headers: { 'content-type': 'application/json' },
        payload: `"${'x'.repeat(1024 * 1024 + 1)}"`,
      });
      expect(login.statusCode).toBe(413);
      expect(login.json()).toEqual({
        detail: 'Request body exceeds the limit of 1 MB.',
        code: 'body_too_large',
        limit_bytes: 1024 * 1024,
      });
      const bulk = await call({
        method: 'POST',
        url: '/bff/bulk/campaigns',
        headers: { 'content-type': 'application/json' },
        payload: `"${'x'.repeat(16 * 1024 * 1024 + 1)}"`,
        cookie: operator,
      });
      expect(bulk.statusCode).toBe(413);
      expect(bulk.json()).toEqual({
        detail: 'Request body exceeds the limit of 16 MB.',
        code: 'body_too_large',
        limit_bytes: 16 * 1024 * 1024,
      });
    });

    it('answers other media types and bad JSON with {detail} or field errors', async () => {
      const media = await call({
        method: 'POST',
        url: '/bff/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'olga',
      });
      expect(media.statusCode).toBe(415);
      expect(media.json()).toEqual({
        detail: 'Send JSON (Content-Type: application/json).',
        code: 'json_required',
      });
      const bad = await call({
        method: 'POST',
        url: '/bff/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ non_field_errors: ['The body is not valid JSON.'] });
    });

    it('refuses JSON nested too deeply, at the BFF and through the proxy', async () => {
      const own = await call({
        method: 'POST',
        url: '/bff/users',
        headers: { 'content-type': 'application/json' },
        payload: nested(20_000),
        cookie: admin,
      });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ non_field_errors: ['The body is nested more than 64 levels deep.'] });
      const proxied = await call({
        method: 'POST',
        url: '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
        headers: { 'content-type': 'application/json' },
        payload: `{"input_id":${nested(20_000)}}`,
        cookie: operator,
      });
      expect(proxied.statusCode).toBe(400);
      expect(proxied.json()).toEqual({
        detail: 'JSON parse error - nested more than 64 levels deep.',
        code: 'json_invalid',
      });
    });
  });
});
