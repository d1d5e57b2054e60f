import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portOf } from '../../node-shared/testing/listen.ts';

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = portOf(server);
      server.close(() => resolve(port));
    });
  });
}

export interface BffProcess {
  url: string;
  output(): string;
  /** null while it runs. */
  exitCode(): number | null;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing cleaned up. */
  kill(): Promise<number | null>;
}

/**
 * `npm run bff` as a real process (what each replica runs), ready once `/healthz` answers. On a free
 * port unless `env.PORT` names one (a public URL fixed in advance, as an identity provider needs).
 */
export async function startBffProcess(env: Record<string, string>): Promise<BffProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/bff/server.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', BFF_STATIC_DIR: '/nonexistent', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the BFF exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the BFF did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      return null;
    },
  };
}

/**
 * Environments for BFF replicas that share `shared` (upstream, database, secrets), each with a data
 * directory of its own; `removeDataDirs` deletes them all after the suite.
 */
export function replicaEnvironments(shared: Record<string, string>) {
  const dataDirs: string[] = [];
  return {
    env(): Record<string, string> {
      const dataDir = mkdtempSync(join(tmpdir(), 'bff-replica-'));
      dataDirs.push(dataDir);
      return { ...shared, BFF_DATA_DIR: dataDir };
    },
    removeDataDirs(): void {
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls a BFF the way the console does (X-CSRF), with an optional session cookie. */
export async function callBff(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      'x-csrf': '1',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

/** Signs in and returns the cookie header value. */
export async function signInTo(base: string, username: string, password: string): Promise<string> {
  const response = await callBff(base, 'POST', '/bff/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`sign-in as ${username}: ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]!;
  return cookie.split(';')[0]!;
}

/** The status code a call answers with. */
export const statusOf = async (response: Promise<Response>) => (await response).status;
