import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { TokenManager } from '../token-manager.ts';
import { PlatformClient } from './platform-client.ts';
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

describe('writes to the platform (bulk rows, approved requests)', () => {
  const servers: Server[] = [];
  const writers: PlatformClient[] = [];
  const writerFor = async (write: (response: ServerResponse) => void) => {
    const server = hostilePlatform(write);
    servers.push(server);
    const baseUrl = await listenLocally(server);
    const writer = new PlatformClient({
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

  it('answers 401 twice: the credentials are refused, nothing was done, the token asked for twice', async () => {
    let tokens = 0;
    const server = createServer((request, response) => {
      request.resume();
      if (request.url === '/oauth2/token/') tokens += 1;
      const status = request.url === '/oauth2/token/' ? 200 : 401;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: `t${tokens}`, token_type: 'Bearer', expires_in: 3600 }));
    });
    servers.push(server);
    const baseUrl = await listenLocally(server);
    const client = new PlatformClient({
      baseUrl,
      tokens: new TokenManager({ baseUrl, clientId: 'c', clientSecret: 's' }),
      timeoutMs: 2000,
    });
    writers.push(client);
    const answer = await client.post('/v3/x/', {}, 'r-3');
    expect(answer.status).toBe(401);
    expect(answer.mayHaveArrived).toBe(false);
    expect(tokens).toBe(2);
  });

  it('sends nothing without a token, and says so: not sent, may not have arrived', async () => {
    let writes = 0;
    const writer = await writerFor(() => {
      writes += 1;
    });
    const refusing = new PlatformClient({
      ...writer.options,
      tokens: new TokenManager({ baseUrl: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 's' }),
    });
    writers.push(refusing);
    const answer = await refusing.post('/v3/x/', {}, 'r-4');
    expect(answer).toEqual({
      status: 0,
      body: {
        detail: 'The Energy Platform did not issue an access token; try again shortly.',
        code: 'platform_no_token',
      },
      mayHaveArrived: false,
    });
    expect(writes).toBe(0);
  });

  it('cannot have sent a write to a platform that refuses the connection', async () => {
    const writer = await writerFor((response) => response.end());
    const closed = new PlatformClient({ ...writer.options, baseUrl: 'http://127.0.0.1:1' });
    writers.push(closed);
    const answer = await closed.post('/v3/x/', {}, 'r-5');
    expect(answer).toEqual({
      status: 0,
      body: { detail: 'The Energy Platform cannot be reached.', code: 'platform_unreachable' },
      mayHaveArrived: false,
    });
  });
});
