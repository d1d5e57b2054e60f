/**
 * `npm run test:built-servers` (after `npm run build:servers`): the compiled BFF and sandbox start with plain
 * `node`, no TypeScript loader, and answer `/healthz`; prints how long each took from process start. With
 * `--compare` it starts them from the sources through tsx as well (as `npm run bff` does), for the difference.
 * Databases of its own under .tmp/, kept between runs: the sandbox seeds only on its first start.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.BUILT_SMOKE_PORT ?? 18660);
const DATA = '.tmp/built-servers-smoke';
const RUNS = process.argv.includes('--compare') ? 3 : 1;

type Launcher = 'node' | 'tsx';
const commands: Record<Launcher, (server: 'bff' | 'sandbox') => string[]> = {
  node: (server) => ['--enable-source-maps', `dist-server/${server}/server.js`],
  tsx: (server) => ['--import', 'tsx', `src/${server}/server.ts`],
};
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(PORT),
  SANDBOX_PORT: String(PORT + 1),
  ENERGY_API_BASE_URL: `http://127.0.0.1:${PORT + 1}`,
  BFF_DATA_DIR: `${DATA}/bff`,
  SANDBOX_DATABASE_URL: `${DATA}/sandbox`,
  LOG_LEVEL: 'warn',
};

/** Starts the server, waits for `/healthz` 200, stops it; the milliseconds from spawn to the answer. */
async function timeToHealthy(launcher: Launcher, server: 'bff' | 'sandbox'): Promise<number> {
  const port = server === 'bff' ? PORT : PORT + 1;
  const started = performance.now();
  const child = spawn(process.execPath, commands[launcher](server), {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`${server} (${launcher}) exited with code ${child.exitCode}`);
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (answer?.ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${server} (${launcher}) did not answer /healthz`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

if (!existsSync('dist-server/bff/server.js')) {
  console.error('no dist-server/: run `npm run build:servers` first');
  process.exit(1);
}
try {
  // The first start creates the databases (and seeds the sandbox's): not a start time.
  for (const server of ['sandbox', 'bff'] as const) await timeToHealthy('node', server);
  for (const server of ['sandbox', 'bff'] as const) {
    for (const launcher of RUNS > 1 ? (['tsx', 'node'] as const) : (['node'] as const)) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) times.push(await timeToHealthy(launcher, server));
      const shown = times.map((ms) => `${Math.round(ms)} ms`).join(', ');
      console.log(
        `${server} with ${launcher === 'node' ? 'node dist-server' : 'tsx src'}: /healthz 200 after ${shown}`,
      );
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
