/**
 * `npm run bench:ui`: the console's timings in Debian's Chromium (Playwright's library, the e2e flags), each
 * figure of two builds measured in turns in one run (issue 45): "before", the base commit's console
 * (bench/builds.ts: BENCH_BEFORE_REF, default the merge-base with main, built once into .tmp/before/), and
 * "after", the working tree built into dist/. Each build is served by `npm start`'s stack in the e2e
 * environment on ports of its own (BENCH_UI_PORT, default 18840, and BENCH_UI_PORT + 5 for the base). Every
 * figure is the median of BENCH_UI_RUNS rounds (default 5, each build in a fresh browser context per round,
 * the order alternating) after one warm-up round, printed beside its goal. It never fails on time: it exits
 * non-zero only when it cannot measure.
 *   1. typing in the consumer migration form with 4× CPU throttling (issue 9: input-to-paint ≤ 50 ms)
 *   2. the feed-in report: the floor (a cold one-day report), a raw year and three raw years above it, every
 *      change within a view and every switch between views (issue 45)
 *   3. the bulk page checking a 10,000-row file in its Web Worker, and the longest frame gap meanwhile
 *   4. typing an amount on the charges page with 12, 120 and 600 executions in the preview (issue 27: ≤ 50 ms)
 * BENCH_UI_ONLY=feed (a comma-separated list of typing, feed, bulk, charges) measures only those;
 * BENCH_BEFORE=off measures the working tree only. A full run takes ~25 min here (the report ~14 of them:
 * ~60 s a round for both builds), BENCH_UI_ONLY=feed ~8–14 min with the machine shared.
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
import { afterBuild, beforeBuild, inTurns, type Build } from '../builds.ts';
import { stop, waitFor } from '../processes.ts';
import { printTable } from '../table.ts';
import { bulkChargesFile, BULK_ROWS, measureBulkCheck } from './bulk-check.ts';
import { measureFeedReport, REPORT_FIGURES } from './feed-report.ts';
import { median, percentile, TIMING_HEADER, timingRow, type Timing } from './statistics.ts';
import { measureTyping, type TypingSamples } from './typing.ts';
import { EXECUTION_COUNTS, measureChargesTyping } from './charges-typing.ts';

const PORT = Number(process.env.BENCH_UI_PORT ?? 18840);
const RUNS = Number(process.env.BENCH_UI_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_UI_RUNS must be a whole number ≥ 1, not ${RUNS}`);
const BENCHMARKS = ['typing', 'feed', 'bulk', 'charges'] as const;
const only = (process.env.BENCH_UI_ONLY ?? '').split(',').filter(Boolean);
const unknown = only.filter((name) => !BENCHMARKS.some((benchmark) => benchmark === name));
if (unknown.length > 0)
  throw new Error(`BENCH_UI_ONLY takes ${BENCHMARKS.join(', ')}, not ${unknown.join(', ')}`);
const selected = (benchmark: (typeof BENCHMARKS)[number]) => only.length === 0 || only.includes(benchmark);

interface Stack {
  build: Build;
  url: string;
  process: ChildProcess;
}

/** The stack as the e2e suite starts it, serving `build`. */
function startStack(build: Build, port: number, dataDir: string): Stack {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    env: { ...process.env, ...consoleStackEnv(port, dataDir), BFF_STATIC_DIR: build.staticDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { build, url: stackPorts(port).consoleUrl, process: child };
}

/** Resolves once the console answers /readyz; rejects if the stack exits first. */
async function untilReady(stack: Stack): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    stack.process.once('exit', (code) =>
      reject(new Error(`the stack exited with code ${code} before it was ready`)),
    ),
  );
  // Later exits are the end of the run (stop()), not an error.
  exited.catch(() => undefined);
  await Promise.race([waitFor(`${stack.url}/readyz`), exited]);
}

/** A fresh context per run (its own HTTP cache), signed in as the admin through the BFF. */
async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, locale: 'en-US' });
  const login = await context.request.post('/bff/login', {
    headers: { 'x-csrf': '1' },
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (!login.ok()) throw new Error(`signing in failed: ${login.status()} ${await login.text()}`);
  return context;
}

interface Runs<T> {
  after: T[];
  before: T[] | null;
}

/**
 * One warm-up round (the sandboxes' caches, the browser's compiled code), then RUNS measured rounds, each
 * build once a round in alternating order. A page that throws measures nothing worth printing: its error ends
 * the bench.
 */
async function measureRuns<T>(
  browser: Browser,
  measure: (context: BrowserContext) => Promise<T>,
): Promise<Runs<T>> {
  const results: Runs<T> = {
    after: [],
    before: stacks.some(({ build }) => build.name === 'before') ? [] : null,
  };
  for (let run = 0; run <= RUNS; run++) {
    for (const stack of inTurns(stacks, run)) {
      const context = await signedInContext(browser, stack.url);
      const pageErrors: Error[] = [];
      context.on('weberror', (error) => pageErrors.push(error.error()));
      const result = await measure(context);
      await context.close();
      if (pageErrors[0]) throw pageErrors[0];
      if (run > 0) (stack.build.name === 'after' ? results.after : results.before)?.push(result);
      process.stderr.write('.');
    }
  }
  return results;
}

/** A figure of both builds' runs. */
function timing<T>(
  runs: Runs<T>,
  pick: (run: T) => number,
  figure: Omit<Timing, 'after' | 'before'>,
): Timing {
  return { ...figure, after: runs.after.map(pick), before: runs.before?.map(pick) ?? null };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
const before = beforeBuild();
const after = afterBuild();
const stacks: Stack[] = [];
let browser: Browser | null = null;
const timings: Timing[] = [];
// Other work on the machine slows a browser more than a server: the table says how busy it was.
const loadAtStart = loadavg()[0] ?? 0;
try {
  stacks.push(startStack(after, PORT, join(dataDir, 'after')));
  if (before) stacks.push(startStack(before, PORT + 5, join(dataDir, 'before')));
  for (const stack of stacks) await untilReady(stack);
  browser = await chromium.launch(chromiumLaunchOptions);
  if (selected('typing')) await measureMigrationTyping(browser);
  if (selected('feed')) await measureReport(browser);
  if (selected('bulk')) await measureBulk(browser);
  if (selected('charges')) await measureCharges(browser);
} finally {
  await browser?.close();
  for (const stack of stacks) await stop(stack.process);
  rmSync(dataDir, { recursive: true, force: true });
}
const loadAtEnd = loadavg()[0] ?? 0;
printTable(
  `energy-console browser benchmarks, medians of ${RUNS} rounds in Chromium taken in turns; before: ${before?.label ?? 'not measured'}, after: ${after.label}; load average ${loadAtStart.toFixed(1)} at start, ${loadAtEnd.toFixed(1)} at the end`,
  [TIMING_HEADER, ...timings.map(timingRow)],
);

async function measureMigrationTyping(browser: Browser): Promise<void> {
  const typing = await measureRuns(browser, measureTyping);
  for (const [phase, samplesOf] of [
    ['clean form', (run: TypingSamples) => run.cleanForm],
    ['after a failed submit', (run: TypingSamples) => run.afterFailedSubmit],
  ] as const) {
    const figure = { goal: { atMostMs: 50 }, source: 'issue 9, 4x CPU throttling' };
    timings.push(
      timing(typing, (run) => median(samplesOf(run)), {
        ...figure,
        name: `typing, ${phase}: input-to-paint, median keystroke`,
      }),
      timing(typing, (run) => percentile(samplesOf(run), 0.95), {
        ...figure,
        name: `typing, ${phase}: input-to-paint, p95 keystroke`,
      }),
    );
  }
}

async function measureReport(browser: Browser): Promise<void> {
  const report = await measureRuns(browser, measureFeedReport);
  timings.push(
    ...REPORT_FIGURES.map(({ name, goal, source, pick }) =>
      timing(report, pick, { name: `feed-in report, ${name}`, goal, source }),
    ),
  );
}

async function measureBulk(browser: Browser): Promise<void> {
  const file = bulkChargesFile();
  const bulk = await measureRuns(browser, (context) => measureBulkCheck(context, file));
  timings.push(
    timing(bulk, (run) => run.checkedMs, {
      name: `bulk page: ${BULK_ROWS.toLocaleString('en-US')}-row file checked in the Web Worker`,
      goal: null,
      source: 'the page prints it',
    }),
    timing(bulk, (run) => run.longestFrameGapMs, {
      name: 'bulk page: longest gap between frames meanwhile',
      goal: { atMostMs: 50 },
      source: 'a long task',
    }),
  );
}

/** Issue 27 measured 16 ms at 12 executions, 40 ms at 120, 120 ms typical and 192 ms at most at 600. */
async function measureCharges(browser: Browser): Promise<void> {
  const typing = await measureRuns(browser, (context) => measureChargesTyping(context));
  for (const count of EXECUTION_COUNTS) {
    const figure = { goal: { atMostMs: 50 }, source: 'issue 27, Event Timing' };
    timings.push(
      timing(typing, (run) => median(run[count]), {
        ...figure,
        name: `charges amount, ${count} executions: keystroke delay, median`,
      }),
      timing(typing, (run) => Math.max(...run[count]), {
        ...figure,
        name: `charges amount, ${count} executions: keystroke delay, max`,
      }),
    );
  }
}
