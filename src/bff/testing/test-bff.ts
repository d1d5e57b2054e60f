import type { FastifyInstance } from 'fastify';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing/harness.ts';
import { buildBffApp, type BffOptions } from '../app.ts';
import { TokenManager } from '../token-manager.ts';

/** The real sandbox on a real port, as the BFF's upstream. */
export async function startUpstreamSandbox(): Promise<{ sandbox: TestSandbox; url: string }> {
  const sandbox = await startTestSandbox('pglite');
  const address = await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  return { sandbox, url: address.replace('localhost', '127.0.0.1') };
}

/** A BFF in this process in front of `upstream`, on an in-memory database unless told otherwise. */
export function buildTestBff(
  upstream: string,
  options: Partial<BffOptions> & Pick<BffOptions, 'dataDir'>,
): Promise<FastifyInstance> {
  return buildBffApp({
    databaseUrl: 'memory://',
    environment: 'sandbox',
    upstreamBaseUrl: upstream,
    tokens: new TokenManager({
      baseUrl: upstream,
      clientId: 'sandbox-rw',
      clientSecret: 'sandbox-rw-secret',
    }),
    upstreamTimeoutMs: 5000,
    ...options,
  });
}
