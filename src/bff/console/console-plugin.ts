import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export interface ConsolePluginOptions {
  /** The built SPA (`vite build`), with `.br`/`.gz` siblings written at build time. */
  staticDir?: string | undefined;
}

const HASHED_ASSET = /[\\/]assets[\\/].+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/**
 * Serves the built console: hashed assets immutable, precompressed (brotli or gzip as the browser
 * accepts), `index.html` for every client route; anything else unknown is a JSON 404.
 */
export default fp<ConsolePluginOptions>(
  async (app, options) => {
    const staticRoot = resolve(options.staticDir ?? 'dist');
    const hasSpa = existsSync(join(staticRoot, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: staticRoot,
        index: false,
        wildcard: false,
        preCompressed: true,
        setHeaders: (response, filePath) => {
          const immutable = HASHED_ASSET.test(filePath);
          response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const indexHtml = hasSpa ? readFileSync(join(staticRoot, 'index.html'), 'utf8') : null;
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        request.method === 'GET' &&
        !/^\/(api|bff|assets)\//.test(request.url) &&
        !/\.\w+$/.test(request.url.split('?')[0]!);
      if (isPage && indexHtml)
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(indexHtml);
      if (isPage)
        return reply.code(503).type('text/plain').send('The console has not been built: run npm run build.');
      return reply.code(404).send({ detail: 'Not found.' });
    });
  },
  { name: 'bff-console' },
);
