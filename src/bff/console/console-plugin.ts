import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { refusal } from '../../contract/bff-refusal-codes.ts';

export interface ConsolePluginOptions {
  /** The built SPA (`vite build`), with `.br`/`.gz` siblings written at build time. */
  staticDir?: string | undefined;
}

const HASHED_ASSET = /[\\/]assets[\\/].+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/** The encodings an `Accept-Encoding` header accepts (those it lists without `q=0`). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const listed = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  return new Set(
    listed
      .map((entry) => entry.trim().toLowerCase().split(';'))
      .filter(
        ([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter)),
      )
      .map(([encoding]) => encoding!)
      .filter(Boolean),
  );
}

/**
 * Serves the built console: hashed assets immutable, precompressed (brotli or gzip as the browser
 * accepts), `index.html` (precompressed too) for every client route; anything else unknown is a JSON 404.
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
    const indexHtml = hasSpa ? readFileSync(join(staticRoot, 'index.html')) : null;
    // The build's brotli and gzip siblings (scripts/precompress.ts), for the browsers that accept them.
    const compressedIndexHtml = (['br', 'gzip'] as const)
      .map((encoding) => ({
        encoding,
        file: join(staticRoot, `index.html.${encoding === 'br' ? 'br' : 'gz'}`),
      }))
      .filter(({ file }) => hasSpa && existsSync(file))
      .map(({ encoding, file }) => ({ encoding, body: readFileSync(file) }));
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        request.method === 'GET' &&
        !/^\/(api|bff|assets)\//.test(request.url) &&
        !/\.\w+$/.test(request.url.split('?')[0]!);
      if (isPage && indexHtml) {
        const accepted = acceptedEncodings(request.headers['accept-encoding']);
        const compressed = compressedIndexHtml.find(({ encoding }) => accepted.has(encoding));
        void reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding');
        if (compressed) void reply.header('content-encoding', compressed.encoding);
        return reply.send(compressed?.body ?? indexHtml);
      }
      if (isPage)
        return reply.code(503).type('text/plain').send('The console has not been built: run npm run build.');
      return reply.code(404).send(refusal('not_found', 'Not found.'));
    });
  },
  { name: 'bff-console' },
);
