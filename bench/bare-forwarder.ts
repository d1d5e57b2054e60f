/**
 * The floor the BFF is measured against (issue 12): Node's http server and undici forwarding
 * `/api/v3/…` to the platform with one fixed token. No sessions, CSRF, allowlist, audit or logging.
 * It forwards reads only, all the benchmark sends. argv: port, upstream base URL, access token.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent, request } from 'undici';

const [port, upstream, token] = process.argv.slice(2);
if (!port || !upstream || !token) throw new Error('usage: bare-forwarder.ts <port> <upstream> <token>');
const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

async function forward(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  if (incoming.method !== 'GET' || !incoming.url) {
    outgoing.writeHead(405).end();
    return;
  }
  try {
    const response = await request(`${upstream}${incoming.url.slice('/api'.length)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      dispatcher: agent,
    });
    const body = await response.body.text();
    outgoing.writeHead(response.statusCode, {
      'content-type': String(response.headers['content-type'] ?? 'application/json'),
    });
    outgoing.end(body);
  } catch {
    outgoing.writeHead(502).end();
  }
}

createServer((incoming, outgoing) => void forward(incoming, outgoing)).listen(Number(port), '127.0.0.1');
