import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, startSignedInBff } from '../testing/test-bff.ts';
import { listenLocally } from '../../node-shared/testing/listen.ts';

/**
 * The proxy against platforms that misbehave: real node:http servers on 127.0.0.1 that answer the
 * token endpoint properly and the API the way each test says (slowly, hugely, brokenly, in HTML).
 */

const FEED = '/v3/producers/P1000/contracts/C1000/feed/';
const FEED_QUERY = '?start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&limit=10';
const VALIDATION = '/v3/validation/market_location/?market_location_id=51238696781';
const MB = 1024 * 1024;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Platform {
  url: string;
  counts: { token: number; api: number };
  close: () => Promise<void>;
}

/** A platform whose token endpoint works and whose API does what `api` does. */
async function platform(api: Handler): Promise<Platform> {
  const counts = { token: 0, api: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.url!.endsWith('/oauth2/token/')) {
      counts.token++;
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({
          access_token: `token-${counts.token}`,
          token_type: 'bearer',
          expires_in: 3600,
          scope: 'read write',
        }),
      );
      return;
    }
    counts.api++;
    api(incoming, outgoing);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const url = await listenLocally(server);
  return {
    url,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer as the platform sends one. */
function json(response: ServerResponse, status: number, body: string | Buffer): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

let dataDir: string;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bff-proxy-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface TestBff {
  app: FastifyInstance;
  platform: Platform;
  headers: Record<string, string>;
  /** Listens on a real port (streamed answers seen as a browser sees them). */
  listen: () => Promise<string>;
}

async function bffBefore(
  api: Handler,
  options: { timeoutMs?: number; maxResponseBytes?: number; publicUrl?: string; basePath?: string } = {},
): Promise<TestBff> {
  const upstream = await platform(api);
  cleanups.push(upstream.close);
  const directory = mkdtempSync(join(dataDir, 'd-'));
  const { app, operator } = await startSignedInBff(`${upstream.url}${options.basePath ?? ''}`, {
    dataDir: directory,
    staticDir: join(directory, 'no-spa'),
    upstreamTimeoutMs: options.timeoutMs ?? 5000,
    maxResponseBytes: options.maxResponseBytes,
    publicUrl: options.publicUrl,
  });
  cleanups.push(() => app.close());
  return {
    app,
    platform: upstream,
    headers: { ...CSRF, cookie: operator },
    listen: () => app.listen({ host: '127.0.0.1', port: 0 }),
  };
}

const page = (next: string, extra = '') =>
  `{"count":12345678901234567890,"next":${next},"previous":null,"results":[{"energy_kwh":1e400,"sample_count":0.1000000000000000055511151231257827}]${extra}}`;

describe('pagination links', () => {
  it('come from BFF_PUBLIC_URL, or are relative, never from the Host header', async () => {
    const answer: Handler = (incoming, response) =>
      json(response, 200, page(JSON.stringify(`http://${incoming.headers.host}${FEED}?offset=10&limit=10`)));
    for (const [publicUrl, expected] of [
      ['https://console.example', `https://console.example/api${FEED}?offset=10&limit=10`],
      [undefined, `/api${FEED}?offset=10&limit=10`],
    ] as const) {
      const bff = await bffBefore(answer, { publicUrl });
      const response = await bff.app.inject({
        url: `/api${FEED}${FEED_QUERY}`,
        headers: { ...bff.headers, host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().next).toBe(expected);
    }
  });

  it('drop an upstream next/previous that points anywhere but the platform', async () => {
    const links = [
      'http://evil.example/v3/producers/P1000/contracts/C1000/feed/?offset=10',
      'javascript:alert(document.cookie)',
      '//evil.example/v3/producers/P1000/contracts/C1000/feed/',
    ];
    let index = 0;
    const bff = await bffBefore((_incoming, response) =>
      json(
        response,
        200,
        `{"count":3,"next":${JSON.stringify(links[index++ % links.length])},"previous":"data:text/html,x","results":[]}`,
      ),
    );
    for (const _ of links) {
      const response = await bff.app.inject({ url: `/api${FEED}${FEED_QUERY}`, headers: bff.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ count: 3, next: null, previous: null, results: [] });
    }
  });

  it('work under a base URL with a path; the query goes upstream as sent, encoded where it must be', async () => {
    const seen: string[] = [];
    const bff = await bffBefore(
      (incoming, response) => {
        seen.push(incoming.url!);
        json(response, 200, page(JSON.stringify(`http://${incoming.headers.host}/energy${FEED}?offset=10`)));
      },
      { basePath: '/energy' },
    );
    const response = await bff.app.inject({
      url: `/api${FEED}${FEED_QUERY}&note=a%2Fb`,
      headers: bff.headers,
    });
    expect(response.json().next).toBe(`/api${FEED}?offset=10`);
    await bff.app.inject({ url: `/api${FEED}?note=\u00e4`, headers: bff.headers });
    expect(seen).toEqual([`/energy${FEED}${FEED_QUERY}&note=a%2Fb`, `/energy${FEED}?note=%C3%A4`]);
  });

  it('are rewritten without changing any other byte (12345678901234567890, 1e400)', async () => {
    let body = '';
    const bff = await bffBefore((incoming, response) => {
      body = page(
        JSON.stringify(`http://${incoming.headers.host}${FEED}?offset=10`),
        ',\n "note": "ä \\u00e4"',
      );
      json(response, 200, body);
    });
    const response = await bff.app.inject({ url: `/api${FEED}${FEED_QUERY}`, headers: bff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body.replace(/"next":"[^"]*"/, `"next":"/api${FEED}?offset=10"`));
    expect(response.body).toContain('"count":12345678901234567890');
    expect(response.body).toContain('"energy_kwh":1e400');
  });
});

describe('upstream limits', () => {
  /** Headers at once, then one byte a second: never idle long enough for an idle timeout. */
  const trickle: Handler = (_incoming, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const body = '{"count":0,"next":null,"previous":null,"results":[]}';
    let sent = 0;
    const timer = setInterval(() => {
      if (response.destroyed || sent >= body.length) {
        clearInterval(timer);
        if (!response.destroyed) response.end();
        return;
      }
      response.write(body[sent++]);
    }, 1000);
    response.on('close', () => clearInterval(timer));
  };

  it('ENERGY_API_TIMEOUT_MS is the deadline for headers and body: a trickling list page is a 504', async () => {
    const bff = await bffBefore(trickle, { timeoutMs: 1500 });
    const started = performance.now();
    const response = await bff.app.inject({ url: `/api${FEED}${FEED_QUERY}`, headers: bff.headers });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      detail: 'The Energy Platform did not answer in time.',
      code: 'platform_timeout',
    });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('cuts off a streamed answer that outlives the deadline: never a complete 200', async () => {
    const bff = await bffBefore(trickle, { timeoutMs: 1500 });
    const url = await bff.listen();
    const started = performance.now();
    const response = await request(`${url}/api${VALIDATION}`, { headers: bff.headers });
    expect(response.statusCode).toBe(200);
    await expect(response.body.text()).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('streams a 40 MB answer of a route that needs no rewrite, whole, compressed when asked', async () => {
    const big = Buffer.alloc(40 * MB, '{"a":[1,2,3]}  ');
    const bff = await bffBefore((_incoming, response) => json(response, 400, big), { maxResponseBytes: MB });
    const url = await bff.listen();
    const plain = await request(`${url}/api${VALIDATION}`, { headers: bff.headers });
    expect(plain.statusCode).toBe(400);
    expect(plain.headers['content-type']).toBe('application/json');
    const received = Buffer.from(await plain.body.arrayBuffer());
    expect(received.length).toBe(big.length);
    expect(createHash('sha256').update(received).digest('hex')).toBe(
      createHash('sha256').update(big).digest('hex'),
    );
    const compressed = await request(`${url}/api${VALIDATION}`, {
      headers: { ...bff.headers, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const bytes = Buffer.from(await compressed.body.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 100);
    expect(brotliDecompressSync(bytes).equals(big)).toBe(true);
  });

  it('refuses a list page over ENERGY_API_MAX_RESPONSE_BYTES with 502, declared or not', async () => {
    const filler = `,"filler":"${'x'.repeat(40 * MB)}"`;
    const body = page(`"http://upstream.example${FEED}?offset=10"`, filler);
    for (const declared of [true, false]) {
      const bff = await bffBefore(
        (_incoming, response) => {
          if (declared) return json(response, 200, body);
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(body);
        },
        { maxResponseBytes: MB },
      );
      const response = await bff.app.inject({ url: `/api${FEED}${FEED_QUERY}`, headers: bff.headers });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toMatch(/larger than the console accepts \(1048576 bytes/);
    }
  });

  it('answers 502 for an upstream that closes mid-body or breaks its reply; 504 is for slowness only', async () => {
    const behaviours: Handler[] = [
      // Declares 1000 bytes, sends 20, hangs up.
      (_incoming, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
        response.write('{"count":1,"next":nu');
        setTimeout(() => response.socket?.destroy(), 50);
      },
      // Broken chunked encoding mid-body.
      (_incoming, response) => {
        response.socket!.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n5\r\n{"cou\r\nzz\r\n',
        );
        setTimeout(() => response.socket?.destroy(), 50);
      },
      // Not HTTP at all.
      (_incoming, response) => {
        response.socket!.end('SSH-2.0-OpenSSH_9.6\r\n');
      },
      // A page that is not JSON.
      (_incoming, response) => json(response, 200, '{"count":1,"next":"http://x/'),
    ];
    for (const behaviour of behaviours) {
      const bff = await bffBefore(behaviour);
      const response = await bff.app.inject({ url: `/api${FEED}${FEED_QUERY}`, headers: bff.headers });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toMatch(/^The Energy Platform (sent a broken answer|cannot be reached)/);
    }
    // A small answer of any route is read whole before anything is sent: its close mid-body is a 502 too.
    const small = await bffBefore(behaviours[0]!);
    const response = await small.app.inject({ url: `/api${VALIDATION}`, headers: small.headers });
    expect(response.statusCode).toBe(502);
  });

  it('cuts off a streamed answer whose upstream closes mid-body: never a complete 200', async () => {
    const bff = await bffBefore((_incoming, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 100_000 });
      response.write(`{"a":"${'x'.repeat(30_000)}`);
      setTimeout(() => response.socket?.destroy(), 50);
    });
    const url = await bff.listen();
    for (const encoding of ['identity', 'gzip']) {
      const response = await request(`${url}/api${VALIDATION}`, {
        headers: { ...bff.headers, 'accept-encoding': encoding },
      });
      await expect(response.body.arrayBuffer()).rejects.toThrow();
    }
  });

  it("answers 502 naming the platform's refusal of the console's credentials when a fresh token gets 401 too", async () => {
    const bff = await bffBefore((_incoming, response) =>
      json(response, 401, '{"detail":"Invalid or expired token."}'),
    );
    const response = await bff.app.inject({ url: `/api${VALIDATION}`, headers: bff.headers });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/^The Energy Platform refused the console's credentials/);
    expect(bff.platform.counts).toEqual({ token: 2, api: 2 });
    // The session is untouched: a 401 would have signed the member of staff out.
    expect((await bff.app.inject({ url: '/bff/user', headers: bff.headers })).statusCode).toBe(200);
  });

  it('never relays HTML or other non-JSON: 502 {detail}; an empty answer keeps its status', async () => {
    const answers: [number, string, string][] = [
      [200, 'text/html; charset=utf-8', '<!doctype html><title>Maintenance</title><script>alert(1)</script>'],
      [503, 'text/html', '<h1>503 Service Unavailable</h1>'],
      [404, 'text/plain', 'not found'],
      [200, '', '<html></html>'],
    ];
    let index = 0;
    const bff = await bffBefore((_incoming, response) => {
      const [status, type, body] = answers[index++]!;
      response.writeHead(status, type ? { 'content-type': type } : {});
      response.end(body);
    });
    for (const [, type] of answers) {
      const response = await bff.app.inject({ url: `/api${FEED}${FEED_QUERY}`, headers: bff.headers });
      expect(response.statusCode).toBe(502);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().detail).toBe(
        `The Energy Platform answered with ${type ? type.split(';')[0] : 'no content type'} instead of JSON.`,
      );
    }
    const empty = await bffBefore((_incoming, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end();
    });
    const nothing = await empty.app.inject({ url: `/api${VALIDATION}`, headers: empty.headers });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.body).toBe('');
    expect(nothing.headers['content-type']).toBeUndefined();
  });
});
