import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { TokenManager } from '../token-manager.ts';
import { PlatformWriter } from './platform-writer.ts';
import { listenLocally } from '../../node-shared/testing/listen.ts';

/** A platform that issues tokens, then answers writes as `write` says. */
function hostilePlatform(write: (response: ServerResponse) => void): Server {
  return createServer((request, response) => {
    request.resume();
    if (request.url === '/oauth2/token/') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    write(response);
  });
}

describe('the bulk runner’s writes to the platform', () => {
  const servers: Server[] = [];
  const writers: PlatformWriter[] = [];
  const writerFor = async (write: (response: ServerResponse) => void) => {
    const server = hostilePlatform(write);
    servers.push(server);
    const baseUrl = await listenLocally(server);
    const writer = new PlatformWriter({
      baseUrl,
      tokens: new TokenManager({ baseUrl, clientId: 'c', clientSecret: 's' }),
      timeoutMs: 600,
    });
    writers.push(writer);
    return writer;
  };
  afterAll(async () => {
    await Promise.all(writers.map((writer) => writer.close()));
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('gives up on an answer trickling past ENERGY_API_TIMEOUT_MS: no answer, may have arrived', async () => {
    const writer = await writerFor((response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 100);
      response.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const answer = await writer.post('/v3/x/', {}, 'r-1');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(answer).toEqual({
      status: 0,
      body: { detail: 'The Energy Platform did not answer in time.', code: 'platform_timeout' },
      mayHaveArrived: true,
    });
  });

  it('keeps the status of a huge answer and reads only its start', async () => {
    const writer = await writerFor((response) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('x'.repeat(20 * 1024 * 1024));
    });
    const answer = await writer.post('/v3/x/', {}, 'r-2');
    expect(answer.status).toBe(400);
    expect(String(answer.body).length).toBe(64 * 1024);
  });
});
