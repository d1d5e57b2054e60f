/**
 * A platform stand-in that answers hugely (issue 24's memory figures): the token endpoint, and every
 * `/v3/…` read answered with `?mb=N` megabytes of JSON, written in 64 KB chunks with backpressure (this
 * process never holds the answer). A feed path answers a list page (with a next link), anything else a
 * plain JSON document. argv: port.
 */
import { createServer, type ServerResponse } from 'node:http';

const [port] = process.argv.slice(2);
if (!port) throw new Error('usage: big-upstream.ts <port>');
const CHUNK = Buffer.alloc(64 * 1024, '[1,2,3,4,5,6,7],');

async function write(response: ServerResponse, prefix: string, megabytes: number, suffix: string) {
  response.write(prefix);
  const chunks = (megabytes * 1024 * 1024) / CHUNK.length;
  for (let sent = 0; sent < chunks && !response.destroyed; sent++) {
    if (!response.write(CHUNK)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end(suffix);
}

createServer((request, response) => {
  const url = new URL(request.url!, 'http://localhost');
  if (url.pathname === '/healthz') return response.end('ok');
  if (url.pathname === '/oauth2/token/') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(
      JSON.stringify({ access_token: 'big', token_type: 'bearer', expires_in: 3600, scope: 'read write' }),
    );
  }
  const megabytes = Number(url.searchParams.get('mb') ?? 1);
  response.writeHead(200, { 'content-type': 'application/json' });
  if (url.pathname.endsWith('/feed/'))
    void write(
      response,
      `{"count":1,"next":"http://${request.headers.host}${url.pathname}?offset=1","previous":null,"results":[`,
      megabytes,
      '0]}',
    );
  else void write(response, '{"values":[', megabytes, '0]}');
}).listen(Number(port), '127.0.0.1');
