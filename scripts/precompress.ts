import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) =>
      entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
    ),
  );
  return nested.flat();
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside each text asset; returns the files compressed. */
export async function precompressDirectory(directory: string): Promise<string[]> {
  const files = (await filesUnder(directory)).filter((file) => COMPRESSIBLE.test(file));
  const compressed: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      compressed.push(file);
    }),
  );
  return compressed;
}

/**
 * Compresses the build once, at the highest levels, so the BFF serves files (`@fastify/static`'s
 * `preCompressed`) instead of compressing on every request. node:zlib does the work.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'energy-console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
