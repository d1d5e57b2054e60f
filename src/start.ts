/**
 * `npm start`: builds the SPA when missing or stale, starts the sandbox as its own process (PGlite
 * blocks the event loop of whoever runs it) unless ENERGY_API_BASE_URL is set, waits until it is ready,
 * then runs the BFF here. Ctrl-C / SIGTERM stops both.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBffEnv, upstreamBaseUrl } from './bff/config.ts';
import { startBff } from './bff/server.ts';
import { runMain } from './node-shared/env.ts';

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function buildSpaIfStale(): void {
  const built = 'dist/index.html';
  const sources = [
    'src/web',
    'src/contract',
    'index.html',
    'shared.html',
    'vite.config.ts',
    'vite.shared.config.ts',
    'public',
  ].filter((path) => existsSync(path));
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestChange))) return;
  console.log('Building the console (vite build)…');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the sandbox did not become ready at ${url}`);
}

/** Compiled (dist-server/start.js), the compiled sandbox beside it; from the sources, the sources through tsx. */
function sandboxArguments(): string[] {
  if (!import.meta.url.endsWith('.js')) return ['--import', 'tsx', 'src/sandbox/server.ts'];
  return [...process.execArgv, fileURLToPath(new URL('./sandbox/server.js', import.meta.url))];
}

/** `npm run dev`: Vite serves the console with hot reload and proxies /api and /bff to the BFF. */
const dev = process.argv.includes('--dev');

await runMain(async () => {
  const env = readBffEnv();
  if (!dev) buildSpaIfStale();
  let sandbox: ChildProcess | null = null;
  if (!env.ENERGY_API_BASE_URL) {
    console.log('Starting the sandbox (first start seeds three years of feed-in data)…');
    sandbox = spawn(process.execPath, sandboxArguments(), {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: process.env,
    });
    await waitUntilReady(upstreamBaseUrl(env), sandbox);
  }
  const bff = await startBff(env);
  const vite = dev
    ? spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', env.HOST], {
        stdio: 'inherit',
        env: { ...process.env, BFF_URL: bff.url },
      })
    : null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    vite?.kill('SIGTERM');
    await bff.close();
    if (sandbox && sandbox.exitCode === null) {
      const exited = new Promise((resolve) => sandbox.once('exit', resolve));
      sandbox.kill('SIGTERM');
      await exited;
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  sandbox?.once('exit', (code) => {
    if (!stopping) {
      console.error(`the sandbox stopped unexpectedly (code ${code})`);
      void stop('sandbox exit');
    }
  });
  console.log('');
  console.log(
    `energy-console is running: ${dev ? 'http://localhost:5173 (Vite, hot reload)' : bff.url.replace('127.0.0.1', 'localhost')}`,
  );
  console.log(`Environment: ${env.ENERGY_API_ENVIRONMENT} (${upstreamBaseUrl(env)})`);
  console.log(bff.adminHint);
});
