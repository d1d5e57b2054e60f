/**
 * A before and after of the feed-in report's figures (bench/ui/feed-report.ts) in one run: two consoles,
 * one serving the build in `dist/` and one serving another build (BENCH_UI_BEFORE, a folder made by
 * `npx vite build --outDir …` on the earlier commit), measured in turn, run for run. On these shared
 * two-core machines a figure drifts by 10–30 % from one minute to the next (seen here: the same build's raw
 * year 1,072 then 1,280 ms a few minutes apart), so two builds measured one after the other differ by the
 * machine as much as by the change; taken in turns they meet the same drift.
 *
 *   BENCH_UI_BEFORE=.tmp/dist-before [BENCH_UI_RUNS=7] npx tsx bench/ui/compare-report.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  chromiumLaunchOptions,
  consoleStackEnv,
  stackPorts,
} from '../../e2e/console-stack.ts';
import { stop, waitFor } from '../processes.ts';
import { printTable } from '../table.ts';
import { measureFeedReport, REPORT_FIGURES, type ReportTimings } from './feed-report.ts';
import { median } from './statistics.ts';

const before = process.env.BENCH_UI_BEFORE;
if (!before || !existsSync(join(before, 'index.html')))
  throw new Error('BENCH_UI_BEFORE must name a built console (a folder with index.html)');
const RUNS = Number(process.env.BENCH_UI_RUNS ?? 7);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_UI_RUNS must be a whole number ≥ 1, not ${RUNS}`);

const builds = [
  { name: 'before', port: 18720, staticDir: resolve(before) },
  { name: 'after', port: 18730, staticDir: resolve('dist') },
] as const;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
const stacks: ChildProcess[] = [];
let browser: Browser | undefined;
const results: Record<(typeof builds)[number]['name'], ReportTimings[]> = { before: [], after: [] };
const loadAtStart = loadavg()[0] ?? 0;
try {
  for (const build of builds) {
    stacks.push(
      spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
        env: {
          ...process.env,
          ...consoleStackEnv(build.port, join(dataDir, build.name)),
          BFF_STATIC_DIR: build.staticDir,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    await waitFor(`${stackPorts(build.port).consoleUrl}/readyz`);
  }
  browser = await chromium.launch(chromiumLaunchOptions);
  // One warm-up round (the sandboxes' caches, the browser's compiled code), then RUNS rounds in turns.
  for (let round = 0; round <= RUNS; round++) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      const context = await browser.newContext({
        baseURL: stackPorts(build.port).consoleUrl,
        locale: 'en-US',
      });
      await context.request.post('/bff/login', {
        headers: { 'x-csrf': '1' },
        data: { username: 'admin', password: ADMIN_PASSWORD },
      });
      const timings = await measureFeedReport(context);
      await context.close();
      if (round > 0) results[build.name].push(timings);
      process.stderr.write('.');
    }
  }
} finally {
  await browser?.close();
  for (const stack of stacks) await stop(stack);
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
printTable(
  `feed-in report before (${before}) and after (dist/), medians of ${RUNS} runs taken in turns, load average ${loadAtStart.toFixed(1)} at start`,
  REPORT_FIGURES.map(({ name, pick }) => {
    const was = median(results.before.map(pick));
    const now = median(results.after.map(pick));
    return [name, `before ${ms(was)}`, `after ${ms(now)}`, `${(((now - was) / was) * 100).toFixed(0)} %`];
  }),
);
