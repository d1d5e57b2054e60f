import fp from 'fastify-plugin';
import type { TokenManager } from '../token-manager.ts';
import { PlatformClient } from './platform-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The BFF's one client of the Energy Platform: the proxy, bulk campaigns and approvals share it. */
    platform: PlatformClient;
  }
}

export interface PlatformPluginOptions {
  upstreamBaseUrl: string;
  tokens: TokenManager;
  /** ENERGY_API_TIMEOUT_MS. */
  upstreamTimeoutMs: number;
  salespartner?: string | undefined;
}

export default fp<PlatformPluginOptions>(
  async (app, options) => {
    const client = new PlatformClient({
      baseUrl: options.upstreamBaseUrl,
      tokens: options.tokens,
      timeoutMs: options.upstreamTimeoutMs,
      salespartner: options.salespartner,
    });
    app.decorate('platform', client);
    app.addHook('onClose', () => client.close());
  },
  { name: 'bff-platform' },
);
