/**
 * `npm run bench:ui`: the console's timings in Debian's Chromium (Playwright's library, the e2e flags) against
 * `npm start`'s stack in the e2e environment on ports of its own. Every figure is the median of
 * BENCH_UI_RUNS runs (default 5, each in a fresh browser context) after one warm-up run, printed beside its
 * budget. It never fails on time: it exits non-zero only when it cannot measure.
 *   1. typing in the consumer migration form with 4× CPU throttling (issue 9: input-to-paint ≤ 50 ms)
 *   2. the feed-in report: raw year and three raw years first draw (≤ 700 ms, ≤ 1.5 s) and every change of view
 *      on loaded data (≤ 50 ms, issue 30)
 *   3. the bulk page checking a 10,000-row file in its Web Worker, and the longest frame gap meanwhile
 *   4. typing an amount on the charges page with 12, 120 and 600 executions in the preview (issue 27: ≤ 50 ms)
 * BENCH_UI_ONLY=charges (a comma-separated list of typing, feed, bulk, charges) measures only those.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  chromiumLaunchOptions,
  consoleStackEnv,
  stackPorts,
} from '../../e2e/console-stack.ts';
import { stop, waitFor } from '../processes.ts';
import { printTable } from '../table.ts';
import { bulkChargesFile, BULK_ROWS, measureBulkCheck } from './bulk-check.ts';
import { measureFeedReport, REPORT_FIGURES } from './feed-report.ts';
import { median, percentile, timingRow, type Timing } from './statistics.ts';
import { measureTyping, type TypingSamples } from './typing.ts';
import { EXECUTION_COUNTS, measureChargesTyping } from './charges-typing.ts';

const PORT = Number(process.env.BENCH_UI_PORT ?? 18690);
const RUNS = Number(process.env.BENCH_UI_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_UI_RUNS must be a whole number ≥ 1, not ${RUNS}`);
const BENCHMARKS = ['typing', 'feed', 'bulk', 'charges'] as const;
const only = (process.env.BENCH_UI_ONLY ?? '').split(',').filter(Boolean);
const unknown = only.filter((name) => !BENCHMARKS.some((benchmark) => benchmark === name));
if (unknown.length > 0)
  throw new Error(`BENCH_UI_ONLY takes ${BENCHMARKS.join(', ')}, not ${unknown.join(', ')}`);
const selected = (benchmark: (typeof BENCHMARKS)[number]) => only.length === 0 || only.includes(benchmark);

/** The stack as the e2e suite starts it; start.ts builds the console first when dist/ is missing or stale. */
function startStack(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    env: { ...process.env, ...consoleStackEnv(PORT, dataDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once the console answers /readyz; rejects if the stack exits first. */
async function untilReady(stack: ChildProcess): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    stack.once('exit', (code) => reject(new Error(`the stack exited with code ${code} before it was ready`))),
  );
  // Later exits are the end of the run (stop()), not an error.
  exited.catch(() => undefined);
  await Promise.race([waitFor(`${stackPorts(PORT).consoleUrl}/readyz`), exited]);
}

/** A fresh context per run (its own HTTP cache), signed in as the admin through the BFF. */
async function signedInContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: stackPorts(PORT).consoleUrl, locale: 'en-US' });
  const login = await context.request.post('/bff/login', {
    headers: { 'x-csrf': '1' },
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (!login.ok()) throw new Error(`signing in failed: ${login.status()} ${await login.text()}`);
  return context;
}

/**
 * One warm-up run (the sandbox's caches, the browser's compiled code), then RUNS measured runs. A page that
 * throws measures nothing worth printing: its error ends the bench.
 */
async function measureRuns<T>(
  browser: Browser,
  measure: (context: BrowserContext) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const context = await signedInContext(browser);
    const pageErrors: Error[] = [];
    context.on('weberror', (error) => pageErrors.push(error.error()));
    const result = await measure(context);
    await context.close();
    if (pageErrors[0]) throw pageErrors[0];
    if (run > 0) results.push(result);
    process.stderr.write('.');
  }
  return results;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
let stack: ChildProcess | null = null;
let browser: Browser | null = null;
const timings: Timing[] = [];
// Other work on the machine slows a browser more than a server: the table says how busy it was.
const loadAtStart = loadavg()[0] ?? 0;
try {
  stack = startStack(join(dataDir, 'bff'));
  await untilReady(stack);
  browser = await chromium.launch(chromiumLaunchOptions);
  if (selected('typing')) await measureMigrationTyping(browser);
  if (selected('feed')) await measureReport(browser);
  if (selected('bulk')) await measureBulk(browser);
  if (selected('charges')) await measureCharges(browser);
} finally {
  await browser?.close();
  if (stack) await stop(stack);
  rmSync(dataDir, { recursive: true, force: true });
}
printTable(
  `energy-console browser benchmarks, medians of ${RUNS} runs in Chromium, load average ${loadAtStart.toFixed(1)} at start`,
  timings.map(timingRow),
);

async function measureMigrationTyping(browser: Browser): Promise<void> {
  const typing = await measureRuns(browser, measureTyping);
  for (const [phase, samplesOf] of [
    ['clean form', (run: TypingSamples) => run.cleanForm],
    ['after a failed submit', (run: TypingSamples) => run.afterFailedSubmit],
  ] as const) {
    const source = 'issue 9, 4x CPU throttling';
    timings.push(
      {
        name: `typing, ${phase}: input-to-paint, median keystroke`,
        runs: typing.map((run) => median(samplesOf(run))),
        budgetMs: 50,
        source,
      },
      {
        name: `typing, ${phase}: input-to-paint, p95 keystroke`,
        runs: typing.map((run) => percentile(samplesOf(run), 0.95)),
        budgetMs: 50,
        source,
      },
    );
  }
}

async function measureReport(browser: Browser): Promise<void> {
  const report = await measureRuns(browser, measureFeedReport);
  timings.push(
    ...REPORT_FIGURES.map(({ name, budgetMs, pick }): Timing => ({
      name: `feed-in report: ${name}`,
      runs: report.map(pick),
      budgetMs,
      source: 'issue 30',
    })),
  );
}

async function measureBulk(browser: Browser): Promise<void> {
  const file = bulkChargesFile();
  const bulk = await measureRuns(browser, (context) => measureBulkCheck(context, file));
  timings.push(
    {
      name: `bulk page: ${BULK_ROWS.toLocaleString('en-US')}-row file checked in the Web Worker`,
      runs: bulk.map((run) => run.checkedMs),
      budgetMs: null,
      source: 'the page prints it',
    },
    {
      name: 'bulk page: longest gap between frames meanwhile',
      runs: bulk.map((run) => run.longestFrameGapMs),
      budgetMs: 50,
      source: 'a long task',
    },
  );
}

/** Issue 27 measured 16 ms at 12 executions, 40 ms at 120, 120 ms typical and 192 ms at most at 600. */
async function measureCharges(browser: Browser): Promise<void> {
  const typing = await measureRuns(browser, (context) => measureChargesTyping(context));
  for (const count of EXECUTION_COUNTS) {
    const source = 'issue 27, Event Timing';
    timings.push(
      {
        name: `charges amount, ${count} executions: keystroke delay, median`,
        runs: typing.map((run) => median(run[count])),
        budgetMs: 50,
        source,
      },
      {
        name: `charges amount, ${count} executions: keystroke delay, max`,
        runs: typing.map((run) => Math.max(...run[count])),
        budgetMs: 50,
        source,
      },
    );
  }
}
