/**
 * Issue 41: 10,000-row charges campaigns of 600 monthly executions each, posted to a real BFF process one
 * and three at once, while another member of staff polls `/healthz` every 20 ms and the BFF's RSS is
 * sampled. Only the campaigns' acceptance is measured (their totals reach the threshold: they await
 * approval, nothing is sent). Every row differs (amount and input_id): identical rows would be marked repeats and
 * left out of the totals (issue 42), which would spare the BFF most of the work. Budgets: `/healthz` within
 * 200 ms throughout, RSS growth under 400 MB. `BENCH_NODE_ARGS` passes flags to the BFF (`--cpu-prof`, `--trace-gc`).
 *
 * Alone: `npx tsx bench/bulk-campaign-stall.ts` (the BFF on its embedded database; no platform is called).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBulkFile } from '../src/contract/bulk-csv.ts';
import { stop, waitFor } from './processes.ts';

type Row = (...cells: (string | number)[]) => void;
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const EXECUTIONS = 600;
const ADMIN_PASSWORD = 'bench-admin-password-stall-41';
const HEALTHZ_BUDGET_MS = 200;
const RSS_BUDGET_MB = 400;

function campaignFile(prefix: string): string {
  const lines = [
    'user_id;contract_id;type_of_transaction;amount_cent;is_gross;vat_type;due_date;no_of_executions;execution_cycle;input_id;display_name',
  ];
  for (let n = 1; n <= ROWS; n++)
    lines.push(
      `P1000;C1000;credit;${100 + n};ja;normal;2026-01-31;${EXECUTIONS};month;${prefix}-${n};Winter bonus`,
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function acceptCampaigns(sandboxUrl: string, port: number, campaigns: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bulk-stall-'));
  const bff = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'src/bff/server.ts',
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ENERGY_API_BASE_URL: sandboxUrl,
        BFF_DATA_DIR: dataDir,
        BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
        BFF_STATIC_DIR: '/nonexistent',
        // PostgreSQL when given (the embedded database runs in the BFF's own thread).
        ...(process.env.BENCH_DATABASE_URL ? { BFF_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      },
      stdio: process.env.BENCH_NODE_ARGS ? 'inherit' : 'ignore',
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`);
    const login = await fetch(`${base}/bff/login`, {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const headers = { 'x-csrf': '1', cookie, 'content-type': 'application/json' };
    const bodies = Array.from({ length: campaigns }, (_, index) =>
      JSON.stringify({
        kind: 'charges',
        fileName: `stall-${index}.csv`,
        rows: checkBulkFile('charges', campaignFile(`stall-${port}-${index}-${Date.now()}`)).rows,
      }),
    );
    const rssBefore = rssMb(bff.pid!);
    let peakRss = rssBefore;
    let accepting = true;
    let longestWaitMs = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(bff.pid!))), 50);
    const otherStaff = (async () => {
      while (accepting) {
        const sent = performance.now();
        await fetch(`${base}/healthz`);
        longestWaitMs = Math.max(longestWaitMs, performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      bodies.map((body) => fetch(`${base}/bff/bulk/campaigns`, { method: 'POST', headers, body })),
    );
    const acceptedMs = performance.now() - started;
    accepting = false;
    await otherStaff;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(bff.pid!));
    for (const answer of answers)
      if (answer.status !== 201) throw new Error(`campaign: ${answer.status} ${await answer.text()}`);
    return { acceptedMs, longestWaitMs, rssBefore, peakRss };
  } finally {
    await stop(bff);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBulkCampaignStall(sandboxUrl: string, row: Row): Promise<void> {
  for (const [campaigns, port] of [
    [1, 18593],
    [3, 18594],
  ] as const) {
    const result = await acceptCampaigns(sandboxUrl, port, campaigns);
    const growth = result.peakRss - result.rssBefore;
    const label = `${campaigns} x ${ROWS.toLocaleString('en')} rows x ${EXECUTIONS} executions accepted`;
    row(
      `${label}: longest /healthz wait`,
      `${result.longestWaitMs.toFixed(0)} ms (accepted in ${(result.acceptedMs / 1000).toFixed(1)} s)`,
      `budget ${HEALTHZ_BUDGET_MS} ms (issue 41)`,
      result.longestWaitMs <= HEALTHZ_BUDGET_MS ? 'within budget' : 'over budget',
    );
    row(
      `${label}: BFF RSS growth`,
      `${growth.toFixed(0)} MB (${result.rssBefore.toFixed(0)} → peak ${result.peakRss.toFixed(0)} MB)`,
      `budget ${RSS_BUDGET_MB} MB (issue 41)`,
      growth <= RSS_BUDGET_MB ? 'within budget' : 'over budget',
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows: string[][] = [];
  // Nothing is sent: the campaigns await approval. The platform's address only has to be valid.
  await benchBulkCampaignStall('http://127.0.0.1:9', (...cells) => rows.push(cells.map(String)));
  for (const cells of rows) console.log(cells.join('  |  '));
}
