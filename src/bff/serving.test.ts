import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { loggerOptions } from '../node-shared/logger.ts';
import { buildTestBff, CSRF, startBffWithSandbox, type BffWithSandbox } from './testing/test-bff.ts';

describe('BFF serving: routing before parsing, compression, precompressed console', () => {
  let bff: BffWithSandbox;
  let app: FastifyInstance;
  let dataDir: string;
  let cookie: string;
  const script = `console.log(${JSON.stringify('energy '.repeat(2000))});\n`;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bff-serving-'));
    const staticDir = join(dataDir, 'dist');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html><script src="/assets/app-AbCd1234.js"></script>',
    );
    writeFileSync(join(staticDir, 'assets', 'app-AbCd1234.js'), script);
    expect(await precompressDirectory(staticDir)).toHaveLength(1);
    bff = await startBffWithSandbox({ dataDir, staticDir });
    ({ app, operator: cookie } = bff);
  });
  afterAll(async () => {
    await bff?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 404 for a path outside the allowlist whatever the content type (never 415)', async () => {
    for (const [url, contentType, payload] of [
      ['/api/oauth2/token/', 'application/x-www-form-urlencoded', 'grant_type=client_credentials'],
      ['/api/v3/admin/', 'text/plain', 'hello'],
      ['/api/v3/producers/P1000/contracts/C1000/feed/', 'multipart/form-data; boundary=x', '--x--'],
      ['/bff/nothing-here', 'application/x-www-form-urlencoded', 'a=b'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...CSRF, cookie, 'content-type': contentType },
        payload,
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    // An allowlisted write with the wrong content type is still told to send JSON.
    const form = await app.inject({
      method: 'POST',
      url: '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      headers: { ...CSRF, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount_cent=1',
    });
    expect(form.statusCode).toBe(415);
  });

  it('compresses large API answers with brotli or gzip as the browser accepts, small ones not', async () => {
    const url =
      '/api/v3/producers/P1000/contracts/C1000/feed/?start=2025-01-01T00:00:00Z&end=2025-02-01T00:00:00Z&aggregation=raw&limit=2000';
    const plain = await app.inject({ url, headers: { ...CSRF, cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url, headers: { ...CSRF, cookie, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await app.inject({ url, headers: { ...CSRF, cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const small = await app.inject({
      url: '/bff/user',
      headers: { ...CSRF, cookie, 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the console precompressed from the build, immutable', async () => {
    const url = '/assets/app-AbCd1234.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const identity = await app.inject({ url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);
  });
});

describe('BFF logs', () => {
  it('write one line per notable request without the query string, and leave health checks and routine reads out at info', async () => {
    const lines: { msg: string; path?: string; status?: number }[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'bff-logs-'));
    const logger = pino(
      { ...loggerOptions('bff', 'info') },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    // Nothing listens upstream: these requests never reach the platform.
    const app = await buildTestBff('http://127.0.0.1:9', {
      dataDir,
      upstreamTimeoutMs: 1000,
      staticDir: join(dataDir, 'no-spa'),
      logger,
    });
    try {
      await app.inject({ url: '/healthz' });
      await app.inject({ url: '/readyz' });
      await app.inject({ url: '/bff/environment', headers: CSRF });
      await app.inject({ url: '/bff/user?iban=DE89370400440532013000', headers: CSRF });
      await app.inject({ method: 'POST', url: '/bff/logout', headers: CSRF });
      // At info: refusals and writes, not routine successful reads (those are debug).
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines).toEqual([
        expect.objectContaining({ path: '/bff/user', status: 401 }),
        expect.objectContaining({ path: '/bff/logout', status: 204 }),
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/healthz|readyz|DE89/);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
