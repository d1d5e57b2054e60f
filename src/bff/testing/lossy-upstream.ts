import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenLocally } from '../../node-shared/testing/listen.ts';

/**
 * A stand-in for the network between the BFF and the platform: it forwards every call to the real
 * upstream, but while `losingAnswers` the platform's answer to a write is dropped after the platform has
 * handled it (a timeout after sending, as in an outage), and the connection is cut; while
 * `refusingWritesWith` is a status, writes are answered with it and never reach the platform (a gateway
 * in front of a platform that is down: 503).
 */
export interface LossyUpstream {
  url: string;
  losingAnswers: boolean;
  refusingWritesWith: number | null;
  /** Holds each write's answer this long after the platform handled it. */
  answerDelayMs: number;
  /** Writes whose answer was dropped. */
  readonly lost: number;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // Without an encoding set, a request's chunks are Buffers.
  for await (const chunk of request) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function startLossyUpstream(upstream: string): Promise<LossyUpstream> {
  const state: Pick<LossyUpstream, 'losingAnswers' | 'refusingWritesWith' | 'answerDelayMs'> & {
    lost: number;
  } = {
    losingAnswers: false,
    refusingWritesWith: null,
    answerDelayMs: 0,
    lost: 0,
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const payload = await body(request);
      if (state.refusingWritesWith !== null && request.method === 'POST' && request.url!.startsWith('/v3/')) {
        response.writeHead(state.refusingWritesWith, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: 'The platform is not taking requests.' }));
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !['host', 'connection', 'content-length'].includes(name))
          for (const each of [value].flat()) headers.append(name, each);
      const answer = await fetch(`${upstream}${request.url}`, {
        method: request.method!,
        headers,
        ...(payload.length ? { body: new Uint8Array(payload) } : {}),
      });
      const text = await answer.text();
      if (state.answerDelayMs && request.method === 'POST')
        await new Promise((resolve) => setTimeout(resolve, state.answerDelayMs));
      if (state.losingAnswers && request.method === 'POST' && request.url!.startsWith('/v3/')) {
        state.lost += 1;
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      });
      response.end(text);
    })().catch(() => request.socket.destroy());
  });
  const url = await listenLocally(server);
  // The settings are the state the server reads: a test changes them on the returned object.
  return Object.assign(state, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
