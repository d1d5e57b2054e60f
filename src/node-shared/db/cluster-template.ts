import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod/mini';

const run = promisify(execFile);
// The package does not export its package.json: read it beside the resolved entry point.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8'))).version;

/**
 * A freshly initialised, empty PGlite cluster as a tar blob. initdb runs once per PGlite version in a
 * child process (it alone peaks at ~800 MB RSS); the result is cached in the temp directory, so new
 * databases start from the template at ~400 MB and tests skip initdb entirely.
 */
export function clusterTemplatePath(): string {
  return join(tmpdir(), `energy-console-pglite-${pgliteVersion}.tar`);
}

export async function freshClusterTemplate(): Promise<Blob> {
  const file = clusterTemplatePath();
  if (!existsSync(file)) {
    await run(process.execPath, [resolve(import.meta.dirname, 'init-cluster.mjs'), file], {
      timeout: 120_000,
    });
  }
  return new Blob([readFileSync(file)]);
}
