import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBffWithSandbox, TEST_OPERATOR, type BffWithSandbox } from '../testing/test-bff.ts';
import { NOT_A_PATH } from './security-plugin.ts';

/** One request as raw bytes on a socket (`inject` takes only paths): the status line, head and body back. */
function rawRequest(port: number, requestLine: string, headers: string[], body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.setTimeout(20_000, () => socket.destroy());
    const head = [
      requestLine,
      `host: 127.0.0.1:${port}`,
      'connection: close',
      ...headers,
      ...(body ? ['content-type: application/json', `content-length: ${Buffer.byteLength(body)}`] : []),
    ];
    // Written, not ended: a half-closed socket is closed by the server before a slow answer (a sign-in).
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe('absolute-form request targets', () => {
  let bff: BffWithSandbox;
  let port: number;

  beforeAll(async () => {
    bff = await startBffWithSandbox();
    port = Number(new URL(await bff.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(() => bff?.close());

  it('refuses a sign-in sent as an absolute address without X-CSRF with 400, and sets no session', async () => {
    const credentials = JSON.stringify({
      username: TEST_OPERATOR.username,
      password: TEST_OPERATOR.password,
    });
    for (const target of [
      `http://127.0.0.1:${port}/bff/login`,
      `HTTP://127.0.0.1:${port}/bff/login`,
      `https://evil.example/bff/login`,
      `http://127.0.0.1:${port}/%62ff/login`,
      `http://127.0.0.1:${port}?x/bff/login`,
    ]) {
      const answer = await rawRequest(port, `POST ${target} HTTP/1.1`, [], credentials);
      expect(statusOf(answer), `${target}\n${answer.slice(0, 300)}`).toBe(400);
      expect(answer, target).not.toMatch(/^set-cookie:/im);
      expect(answer, target).toContain(NOT_A_PATH);
    }
    // With the header it is still no path: refused the same way.
    const withHeader = await rawRequest(
      port,
      `POST http://127.0.0.1:${port}/bff/login HTTP/1.1`,
      ['x-csrf: 1'],
      credentials,
    );
    expect(statusOf(withHeader)).toBe(400);
    // The same sign-in as a path: the CSRF check answers.
    expect(statusOf(await rawRequest(port, 'POST /bff/login HTTP/1.1', [], credentials))).toBe(403);
    const signedIn = await rawRequest(port, 'POST /bff/login HTTP/1.1', ['x-csrf: 1'], credentials);
    expect(statusOf(signedIn), signedIn).toBe(200);
  });

  it('refuses an absolute address for reads and the console pages too, and still serves paths', async () => {
    const read = await rawRequest(port, `GET http://127.0.0.1:${port}/bff/user HTTP/1.1`, [
      `cookie: ${bff.operator}`,
      'x-csrf: 1',
    ]);
    expect(statusOf(read)).toBe(400);
    expect(statusOf(await rawRequest(port, `GET http://127.0.0.1:${port}/healthz HTTP/1.1`, []))).toBe(400);
    expect(statusOf(await rawRequest(port, 'GET /healthz HTTP/1.1', []))).toBe(200);
  });
});
