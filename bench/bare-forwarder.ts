/**
 * The floor the BFF is measured against (issue 12): Node's http server and undici forwarding
 * `/api/v3/…` to the platform with one fixed token. No sessions, CSRF, allowlist, audit or logging.
 * argv: port, upstream base URL, access token.
 */
import { createServer } from 'node:http';
import { Agent, request } from 'undici';

const [port, upstream, token] = process.argv.slice(2) as [string, string, string];
const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

createServer(async (incoming, outgoing) => {
  try {
    const response = await request(`${upstream}${incoming.url!.slice('/api'.length)}`, {
      method: incoming.method as 'GET',
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
}).listen(Number(port), '127.0.0.1');
