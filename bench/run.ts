/**
 * `npm run bench`: figures measured side by side in one run on this machine.
 *   1. first-start seed time and memory (PGlite, PostgreSQL)
 *   2. feed-in report latency (medians) beside the HTTP floor, on PGlite and PostgreSQL, today's code
 *      and the code before issue 16 (a git worktree) on the same databases
 *   3. throughput, latency and CPU of the BFF against a bare Node + undici forwarder (bff-throughput.ts)
 *   4. a 10,000-row bulk charges campaign: file check time, rows/s and BFF memory (bulk-campaign.ts)
 *   5. the feed-in report's rows for a year of raw values, labelled when read beside all up front (report-rows.ts)
 *   6. the console's search at 100,000 records on PGlite and PostgreSQL, beside its 50 ms budget (record-search.ts)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterTemplatePath } from '../src/node-shared/db/cluster-template.ts';
import { benchBffThroughput } from './bff-throughput.ts';
import { benchBulkCampaign } from './bulk-campaign.ts';
import { benchRecordSearch } from './record-search.ts';
import { benchReportRows } from './report-rows.ts';
import { createPostgresDatabase } from '../src/sandbox/testing/harness.ts';
import { stop, waitFor } from './processes.ts';
import { printTable } from './table.ts';
import { sandboxToken } from './sandbox-token.ts';
import { z } from 'zod/mini';

const rows: string[][] = [];
const row = (...cells: (string | number)[]) => rows.push(cells.map(String));

/** A fresh PostgreSQL database per measurement (the test harness's helper), dropped at the end. */
const postgresDatabases: { drop: () => Promise<void> }[] = [];
async function freshPostgres(): Promise<string> {
  const database = await createPostgresDatabase();
  postgresDatabases.push(database);
  return database.url;
}

/** What bench/child-seed.ts prints as its last line. */
const seedFiguresSchema = z.object({
  openMs: z.number(),
  seedMs: z.number(),
  rssMb: z.number(),
  peakRssMb: z.number(),
});

function seedOnce(url: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/child-seed.ts', url], {
    encoding: 'utf8',
  });
  return seedFiguresSchema.parse(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? ''));
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function median(url: string, headers: Record<string, string>, runs = 25): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function startSandbox(databaseUrl: string, port: number, cwd = process.cwd()): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/server.ts'], {
    cwd,
    env: { ...process.env, SANDBOX_DATABASE_URL: databaseUrl, SANDBOX_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

/**
 * The sandbox as it was before the feed-in work of issue 16, checked out beside this one so "before"
 * is measured in the same run on the same database. Null when git cannot provide it.
 */
const BASELINE_COMMIT = process.env.BENCH_BASELINE ?? 'cc44ccb';
function baselineCheckout(): { cwd: string; remove: () => void } | null {
  const cwd = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  const added = spawnSync('git', ['worktree', 'add', '--detach', cwd, BASELINE_COMMIT], { encoding: 'utf8' });
  if (added.status !== 0) {
    rmSync(cwd, { recursive: true, force: true });
    return null;
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(cwd, 'node_modules'));
  return {
    cwd,
    remove: () => {
      spawnSync('git', ['worktree', 'remove', '--force', cwd]);
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

const FEED = '/v3/producers/P2000/contracts/C2000/feed/';
/** [name, path, goal as a multiple of the HTTP floor] */
const queries: [string, string, number][] = [
  [
    'month x 3 years',
    `${FEED}?start=2024-01-01T00:00:00Z&end=2027-01-01T00:00:00Z&aggregation_type=month`,
    5,
  ],
  [
    'day x 1 year, Berlin',
    `${FEED}?start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:00Z&aggregation_type=day`,
    5,
  ],
  [
    'day x 1 year, Kolkata',
    `${FEED}?start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:00Z&aggregation_type=day&timezone=Asia/Kolkata`,
    5,
  ],
  ['hour x 1 month', `${FEED}?start=2025-03-01T00:00:00Z&end=2025-04-01T00:00:00Z&aggregation_type=hour`, 5],
  [
    'raw x 1 month (2,880 values)',
    `${FEED}?start=2025-06-01T00:00:00Z&end=2025-07-01T00:00:00Z&limit=5000`,
    10,
  ],
];

/** The HTTP floor and each query's median against one sandbox process. */
async function measureFeed(databaseUrl: string, port: number, cwd?: string) {
  const sandbox = startSandbox(databaseUrl, port, cwd);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  const headers = { authorization: `Bearer ${await sandboxToken(base)}` };
  const floor = await median(
    `${base}/v3/validation/market_location/?market_location_id=51238696781`,
    headers,
    50,
  );
  const medians: number[] = [];
  for (const [, path] of queries) medians.push(await median(`${base}${path}`, headers));
  return { sandbox, base, headers, floor, medians };
}

// 1. Seeding. initdb runs once per PGlite version in its own process (cluster-template.ts): time it cold.
rmSync(clusterTemplatePath(), { force: true });
const templateStarted = performance.now();
spawnSync(process.execPath, [
  '--import',
  'tsx',
  '-e',
  "await (await import('./src/node-shared/db/cluster-template.ts')).freshClusterTemplate()",
]);
row(
  'initdb template (child process, once)',
  `${((performance.now() - templateStarted) / 1000).toFixed(2)} s`,
  'its memory is freed when it exits',
  '',
);
const seedDirectory = mkdtempSync(join(tmpdir(), 'bench-seed-'));
const directorySeed = seedOnce(join(seedDirectory, 'db'));
rmSync(seedDirectory, { recursive: true, force: true });
row(
  'seed (PGlite, directory: the default)',
  `${(directorySeed.seedMs / 1000).toFixed(2)} s seed + ${(directorySeed.openMs / 1000).toFixed(2)} s open`,
  `peak RSS ${directorySeed.peakRssMb.toFixed(0)} MB`,
  `goal < 10 s, < 600 MB ${directorySeed.seedMs + directorySeed.openMs < 10_000 && directorySeed.peakRssMb < 600 ? 'met' : 'MISSED'}`,
);
const pgliteSeed = seedOnce('memory://');
row(
  'seed (PGlite, memory://)',
  `${(pgliteSeed.seedMs / 1000).toFixed(2)} s seed + ${(pgliteSeed.openMs / 1000).toFixed(2)} s open`,
  `peak RSS ${pgliteSeed.peakRssMb.toFixed(0)} MB`,
  `goal < 10 s, < 600 MB ${pgliteSeed.seedMs + pgliteSeed.openMs < 10_000 && pgliteSeed.peakRssMb < 600 ? 'met' : 'MISSED'}`,
);
const postgresSeed = seedOnce(await freshPostgres());
row(
  'seed (PostgreSQL)',
  `${(postgresSeed.seedMs / 1000).toFixed(2)} s seed + ${(postgresSeed.openMs / 1000).toFixed(2)} s open`,
  `peak RSS ${postgresSeed.peakRssMb.toFixed(0)} MB`,
  '',
);

// 2. Feed-in latency beside the HTTP floor, today's code and the baseline's on the same database
const baseline = baselineCheckout();
const directory = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
for (const [kind, url, port] of [
  ['PGlite', directory, 18581],
  ['PostgreSQL', await freshPostgres(), 18582],
] as const) {
  let before: Awaited<ReturnType<typeof measureFeed>> | null = null;
  if (baseline) {
    before = await measureFeed(url, port, baseline.cwd);
    await stop(before.sandbox);
  }
  const { sandbox, base, headers, floor, medians } = await measureFeed(url, port);
  row(
    `HTTP floor (${kind})`,
    `${floor.toFixed(2)} ms`,
    'authenticated validation call',
    before ? `before: ${before.floor.toFixed(2)} ms` : '',
  );
  queries.forEach(([name, , goal], index) => {
    const ms = medians[index]!;
    const ratio = ms / floor;
    const then = before ? before.medians[index]! : null;
    row(
      `${name} (${kind})`,
      `${ms.toFixed(2)} ms = ${ratio.toFixed(1)} x floor`,
      then === null
        ? `before: no baseline checkout`
        : `before (${BASELINE_COMMIT}): ${then.toFixed(2)} ms = ${(then / before!.floor).toFixed(1)} x, ${(then / ms).toFixed(1)} x faster now`,
      `goal <= ${goal} x floor ${ratio <= goal ? 'met' : 'MISSED'}`,
    );
  });
  row(`sandbox RSS after queries (${kind})`, `${rssMb(sandbox).toFixed(0)} MB`, '', '');
  if (kind === 'PGlite') {
    // 3. The BFF against a bare forwarder in front of this sandbox (issue 12)
    await benchBffThroughput(base, headers.authorization.slice('Bearer '.length), row);
    // 4. A bulk campaign through a BFF in front of this sandbox (issue 14)
    await benchBulkCampaign(base, row);
  }
  await stop(sandbox);
}
// 5. The report's rows in the browser's code, here in Node (issue 11's cached-redraw budget)
benchReportRows(row);
await benchRecordSearch('PGlite', 'memory://', row);
await benchRecordSearch('PostgreSQL', await freshPostgres(), row);
rmSync(directory, { recursive: true, force: true });
baseline?.remove();
for (const database of postgresDatabases) await database.drop();

printTable('energy-console benchmarks', rows);
