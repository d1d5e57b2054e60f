/**
 * A 10,000-row charges campaign: the time to read and check the file (the code the browser's worker
 * runs), then the campaign through a real BFF process against the sandbox — rows per second and the
 * BFF's memory — on the embedded database and on PostgreSQL, side by side.
 *
 * Alone: `npx tsx bench/bulk-campaign.ts` (starts its own in-memory sandbox).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBulkFile } from '../src/contract/bulk-csv.ts';
import { createPostgresDatabase } from '../src/node-shared/db/testing/postgres.ts';
import { stop, waitFor } from './processes.ts';
import { bulkCampaignSchema, type BulkCampaign } from '../src/contract/bulk.ts';
import { z } from 'zod/mini';

type Row = (...cells: (string | number)[]) => void;
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const ADMIN_PASSWORD = 'bench-admin-password';

function campaignFile(prefix: string): string {
  const lines = [
    'user_id;contract_id;type_of_transaction;amount_cent;is_gross;vat_type;due_date;input_id;display_name',
  ];
  for (let n = 1; n <= ROWS; n++)
    lines.push(`P1000;C1000;credit;${(n % 50) * 100 + 100};ja;normal;2026-01-31;${prefix}-${n};Winter bonus`);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function runCampaign(
  sandboxUrl: string,
  databaseUrl: string | undefined,
  port: number,
  prefix: string,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
  const bff = spawn(process.execPath, ['--import', 'tsx', 'src/bff/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ENERGY_API_BASE_URL: sandboxUrl,
      BFF_DATA_DIR: dataDir,
      BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BFF_STATIC_DIR: '/nonexistent',
      ...(databaseUrl ? { BFF_DATABASE_URL: databaseUrl } : {}),
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`);
    const login = await fetch(`${base}/bff/login`, {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const headers = { 'x-csrf': '1', cookie, 'content-type': 'application/json' };
    const file = checkBulkFile('charges', campaignFile(prefix));
    const rssBefore = rssMb(bff.pid!);
    const started = performance.now();
    // Another member of staff's requests while the campaign is accepted: the longest wait is the BFF's
    // longest stall of its event loop (plus a loopback round trip).
    let accepting = true;
    let longestWaitMs = 0;
    const otherStaff = (async () => {
      while (accepting) {
        const sent = performance.now();
        await fetch(`${base}/healthz`);
        longestWaitMs = Math.max(longestWaitMs, performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const created = await fetch(`${base}/bff/bulk/campaigns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'charges', fileName: 'bench.csv', rows: file.rows }),
    });
    accepting = false;
    await otherStaff;
    if (created.status !== 201) throw new Error(`campaign: ${created.status} ${await created.text()}`);
    const createdMs = performance.now() - started;
    const { id } = z.pick(bulkCampaignSchema, { id: true }).parse(await created.json());
    let peakRss = rssBefore;
    let campaign: BulkCampaign;
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      peakRss = Math.max(peakRss, rssMb(bff.pid!));
      campaign = bulkCampaignSchema.parse(
        await (await fetch(`${base}/bff/bulk/campaigns/${id}`, { headers })).json(),
      );
    } while (campaign.status === 'running');
    const seconds = (performance.now() - started) / 1000;
    return { seconds, createdMs, longestWaitMs, rssBefore, peakRss, counts: campaign.counts };
  } finally {
    await stop(bff);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBulkCampaign(sandboxUrl: string, row: Row): Promise<void> {
  const text = campaignFile('check');
  const timings: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const checked = checkBulkFile('charges', text);
    timings.push(performance.now() - started);
    if (checked.rows.length !== ROWS) throw new Error(`checked ${checked.rows.length} rows`);
  }
  timings.sort((a, b) => a - b);
  row(
    `bulk file: read and check ${ROWS.toLocaleString('en')} rows`,
    `${timings[1]!.toFixed(0)} ms (median of 3)`,
    `${(text.length / 1024).toFixed(0)} KB; the browser runs this in a Web Worker`,
    '',
  );
  const postgres = await createPostgresDatabase();
  try {
    for (const [kind, databaseUrl, port] of [
      ['embedded PGlite', undefined, 18591],
      ['PostgreSQL', postgres.url, 18592],
    ] as const) {
      const result = await runCampaign(sandboxUrl, databaseUrl, port, `bench-${port}-${Date.now()}`);
      const rate = ROWS / result.seconds;
      row(
        `bulk campaign, ${ROWS.toLocaleString('en')} charges (${kind}, concurrency 4)`,
        `${rate.toFixed(0)} rows/s (${result.seconds.toFixed(1)} s; accepted in ${(result.createdMs / 1000).toFixed(1)} s)`,
        `BFF RSS ${result.rssBefore.toFixed(0)} → peak ${result.peakRss.toFixed(0)} MB`,
        `created ${result.counts.created}, refused ${result.counts.refused}, failed ${result.counts.failed}`,
      );
      row(
        `bulk campaign accepted (${kind}): longest wait of another request meanwhile`,
        `${result.longestWaitMs.toFixed(0)} ms`,
        'budget 50 ms of event-loop time per request (issue 24)',
        result.longestWaitMs <= 50 ? 'within budget' : 'over budget',
      );
    }
  } finally {
    await postgres.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startTestSandbox } = await import('../src/sandbox/testing/harness.ts');
  const sandbox = await startTestSandbox('pglite');
  const url = (await sandbox.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const rows: string[][] = [];
  await benchBulkCampaign(url, (...cells) => rows.push(cells.map(String)));
  for (const cells of rows) console.log(cells.join('  |  '));
  await sandbox.close();
}
