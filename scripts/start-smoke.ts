/**
 * `npm run test:start`: proves the README's `npm start` on whatever Node runs it (CI runs it on the machine's own
 * Node, 20 here, while the full suite runs on Node 24). Starts the console as a newcomer would — embedded
 * databases, first start seeding the sandbox — on ports and data folders of its own, then checks that it serves
 * the console, signs the first admin in and answers a platform read through the BFF, and stops it.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { feedPageSchema } from '../src/contract/api/feed.ts';

const PORT = Number(process.env.START_SMOKE_PORT ?? 18650);
const DATA = '.tmp/start-smoke';
const ADMIN_PASSWORD = 'start smoke harbour lantern';
const base = `http://127.0.0.1:${PORT}`;

rmSync(DATA, { recursive: true, force: true });
const started = performance.now();
const console_ = spawn('npm', ['start'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
  env: {
    ...process.env,
    PORT: String(PORT),
    SANDBOX_PORT: String(PORT + 1),
    BFF_DATA_DIR: `${DATA}/bff`,
    SANDBOX_DATABASE_URL: `${DATA}/sandbox`,
    BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  },
});
const stop = () => {
  // npm start runs the BFF and spawns the sandbox: end the whole process group.
  if (console_.exitCode === null && console_.pid) process.kill(-console_.pid, 'SIGTERM');
};
process.on('exit', stop);

try {
  await waitForReady();
  const ready = ((performance.now() - started) / 1000).toFixed(1);
  const page = await fetch(`${base}/`);
  expect(
    page.ok && (await page.text()).includes('<div id="root">'),
    `GET / serves the console (${page.status})`,
  );
  const login = await fetch(`${base}/bff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(login.status === 200, `the first admin signs in (${login.status})`);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const feed = await fetch(
    `${base}/api/v3/producers/P1000/contracts/C1000/feed/?start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&limit=10`,
    { headers: { cookie, 'x-csrf': '1' } },
  );
  expect(feed.status === 200, `the platform answers through the BFF (${feed.status})`);
  const { results } = feedPageSchema.parse(await feed.json());
  expect(results.length > 0, "the first start seeded the sandbox's feed-in data");
  console.log(
    `npm start on Node ${process.versions.node}: ready in ${ready} s, serves the console, signs in, reads the platform`,
  );
} catch (error) {
  console.error(
    `npm start on Node ${process.versions.node}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  stop();
}

async function waitForReady(timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (console_.exitCode !== null) throw new Error(`npm start exited with code ${console_.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`not ready at ${base}/readyz within ${timeoutMs / 1000} s`);
}

function expect(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`expected: ${what}`);
}
