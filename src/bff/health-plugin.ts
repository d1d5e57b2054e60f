import fp from 'fastify-plugin';
import { refusal } from '../contract/bff-refusal-codes.ts';
import type { TokenManager } from './token-manager.ts';

/**
 * `/healthz`: the process answers. `/readyz`: a token can be had from the platform. Load balancers
 * call them every few seconds, so their requests are logged only at `warn` and above.
 */
export default fp<{ tokens: TokenManager }>(
  async (app, options) => {
    app.get('/healthz', { logLevel: 'warn', config: { roles: 'public' } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn', config: { roles: 'public' } }, async (_request, reply) => {
      try {
        await options.tokens.token();
        return { status: 'ready' };
      } catch {
        return reply
          .code(503)
          .send(refusal('platform_no_token', 'No access token can be had from the Energy Platform.'));
      }
    });
  },
  { name: 'bff-health' },
);
