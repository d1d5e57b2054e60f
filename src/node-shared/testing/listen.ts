import type { Server } from 'node:net';

/** The TCP port a listening server has; throws for one not listening (or on a pipe). */
export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the server is not listening on a port');
  return address.port;
}

/** Listens on 127.0.0.1 (a free port unless told); the server's base URL. */
export async function listenLocally(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${portOf(server)}`;
}
