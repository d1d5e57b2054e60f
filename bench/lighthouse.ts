/**
 * `npm run bench:lighthouse`: Lighthouse 13's default mobile run (slow 4G, 4× CPU, simulated) on every page of
 * the console, signed in as the admin (the session cookie as an extra header), for two builds in turns in one
 * run (issue 45; bench/builds.ts): "before", the base commit's console (BENCH_BEFORE_REF, default the
 * merge-base with main, built once into .tmp/before/), and "after", the working tree built into dist/, each
 * served by `npm start`'s stack in the e2e environment on ports of its own (BENCH_LIGHTHOUSE_PORT, default
 * 18850, and + 5 for the base). Prints per page both builds' performance beside the goal (≥ 90 on mobile),
 * accessibility and best practices beside theirs (100), and the after build's FCP, LCP and TBT; the median of
 * BENCH_LIGHTHOUSE_RUNS runs (default 3) by performance, the other scores their own medians. Under the table,
 * the audits that keep a page's accessibility or best practices under 100. It never fails on a score: it exits
 * non-zero only when it cannot measure. A run of every page takes ~25–35 min here (14 pages × 3 runs × 2
 * builds at ~25 s); BENCH_BEFORE=off halves it.
 *
 * Lighthouse 13 needs Node ≥ 22.19 and is no dependency of the project: like .ci/run's Node 24, the npm
 * registry's `node@24` and `lighthouse@13` are installed under .tmp/lighthouse (git-ignored) on the first run.
 * The browser is Debian's Chromium with the e2e flags (CHROMIUM_PATH overrides it).
 * BENCH_LIGHTHOUSE_ONLY=report,charges (names from the table) measures only those pages;
 * BENCH_LIGHTHOUSE_URL=http://127.0.0.1:8080 measures only a console already running in the e2e environment
 * instead of starting two.
 * BENCH_LIGHTHOUSE_KEEP=dir keeps every Lighthouse result there (`<page>-<before|after>-<run>.json`), to read what its
 * main thread did (audits `long-tasks`, `bootup-time`, `mainthread-work-breakdown`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { ADMIN_PASSWORD, chromiumLaunchOptions, consoleStackEnv, stackPorts } from '../e2e/console-stack.ts';
import { afterBuild, beforeBuild, inTurns, type Build } from './builds.ts';
import { stop, waitFor } from './processes.ts';
import { printTable } from './table.ts';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 18850);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 1, not ${RUNS}`);
const GOAL = 90;
const TOOLS = '.tmp/lighthouse';
const NODE = join(TOOLS, 'node_modules/.bin/node');
const LIGHTHOUSE = join(TOOLS, 'node_modules/lighthouse/cli/index.js');

/** Every route of src/web/app/route-tree.ts; `:approval` is a pending request the bench creates. */
const PAGES = [
  { name: 'sign-in', path: '/sign-in', signedIn: false },
  {
    name: 'report',
    path: '/reports/feed-in?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin',
    signedIn: true,
  },
  // Issue 45's slowest page: a month of raw values (2,976) in the chart and the table.
  {
    name: 'report-raw-month',
    path: '/reports/feed-in?user=P1000&contract=C1000&from=2025-08-01&to=2025-08-31&agg=raw&tz=Europe/Berlin',
    signedIn: true,
  },
  { name: 'validators', path: '/tools/validators', signedIn: true },
  { name: 'migrate', path: '/consumers/migrate', signedIn: true },
  { name: 'charges', path: '/producers/charges?user=P1000&contract=C1000', signedIn: true },
  { name: 'bulk-charges', path: '/bulk/charges', signedIn: true },
  { name: 'bulk-migrations', path: '/bulk/migrations', signedIn: true },
  { name: 'technical-resources', path: '/master-data/technical-resources', signedIn: true },
  // The consumer, contract and record pages are one chunk: the contract stands for the three.
  { name: 'contract', path: '/producers/P1000/contracts/C1000', signedIn: true },
  { name: 'approvals', path: '/approvals', signedIn: true },
  { name: 'approval', path: '/approvals/:approval', signedIn: true },
  { name: 'accounts', path: '/admin/accounts', signedIn: true },
  { name: 'audit', path: '/admin/audit', signedIn: true },
  // A shared report link's page (issue 46: goal ≥ 95), opened without a session; `:link` is a link the bench
  // makes. A build without shared links (a base before issue 46) has no column for it.
  { name: 'shared-report', path: '/shared/:link', signedIn: false, goal: 95 },
] as const;
/** A page's own performance goal where its issue set one, else the console's. */
const goalOf = (page: (typeof PAGES)[number]): number => ('goal' in page ? page.goal : GOAL);
const only = (process.env.BENCH_LIGHTHOUSE_ONLY ?? '').split(',').filter(Boolean);
const unknown = only.filter((name) => !PAGES.some((page) => page.name === name));
if (unknown.length > 0)
  throw new Error(`BENCH_LIGHTHOUSE_ONLY takes ${PAGES.map((page) => page.name).join(', ')}, not ${unknown}`);

const categorySchema = z.object({
  score: z.nullable(z.number()),
  auditRefs: z.array(z.object({ id: z.string(), weight: z.number() })),
});
const lighthouseResultSchema = z.object({
  lighthouseVersion: z.string(),
  finalDisplayedUrl: z.string(),
  runtimeError: z.optional(z.object({ message: z.string() })),
  categories: z.object({
    performance: categorySchema,
    accessibility: categorySchema,
    'best-practices': categorySchema,
  }),
  audits: z.record(
    z.string(),
    z.object({ numericValue: z.optional(z.number()), score: z.optional(z.nullable(z.number())) }),
  ),
});
interface Score {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The audits with weight in accessibility or best practices that did not pass. */
  failing: string[];
}

function installLighthouse(): void {
  if (existsSync(NODE) && existsSync(LIGHTHOUSE)) return;
  console.error(`bench: installing node@24 and lighthouse@13 under ${TOOLS} from the npm registry`);
  execFileSync(
    'npm',
    ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', 'node@24', 'lighthouse@13'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

async function signIn(consoleUrl: string): Promise<string> {
  const response = await fetch(`${consoleUrl}/bff/login`, {
    method: 'POST',
    headers: { 'x-csrf': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('ec_session='));
  if (!response.ok || !cookie)
    throw new Error(`signing in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/** A link to the gap week's report (issue 46), for the shared report page; '' when the build has none. */
async function sharedLink(consoleUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${consoleUrl}/bff/shared-reports`, {
    method: 'POST',
    headers: { 'x-csrf': '1', 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      user: 'P1000',
      contract: 'C1000',
      from: '2025-08-10',
      to: '2025-08-14',
      agg: 'day',
      tz: 'Europe/Berlin',
    }),
  });
  if (response.status !== 201) return '';
  return z
    .object({ url: z.string() })
    .parse(await response.json())
    .url.replace('/shared/', '');
}

/** A charge waiting for approval, for the approval page to show. */
async function pendingApproval(consoleUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${consoleUrl}/bff/approvals`, {
    method: 'POST',
    headers: { 'x-csrf': '1', 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      body: {
        input_id: `bench-lighthouse-${Date.now()}`,
        type_of_transaction: 'charge',
        amount_cent: 120_000,
        is_gross: true,
        vat_type: 'normal',
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        no_of_executions: 3,
        execution_cycle: 'month',
        display_name: 'Anschlussgebühr',
      },
    }),
  });
  if (response.status !== 201) throw new Error(`creating an approval failed: ${response.status}`);
  return z.object({ id: z.string() }).parse(await response.json()).id;
}

/** One Lighthouse run in a fresh headless Chromium (Lighthouse starts and ends it). */
function lighthouse(url: string, cookie: string | null, outputDir: string): Score {
  const output = join(outputDir, 'result.json');
  const flags = ['--headless=new', ...chromiumLaunchOptions.args];
  execFileSync(
    NODE,
    [
      LIGHTHOUSE,
      url,
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${flags.join(' ')}`,
      '--quiet',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    {
      env: { ...process.env, CHROME_PATH: chromiumLaunchOptions.executablePath },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const result = lighthouseResultSchema.parse(JSON.parse(readFileSync(output, 'utf8')));
  if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.message}`);
  // A signed-out visit to a console page ends on the sign-in page: that would measure the wrong page.
  if (new URL(result.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${result.finalDisplayedUrl}`);
  const metric = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  const score = (category: z.infer<typeof categorySchema>) => Math.round((category.score ?? 0) * 100);
  const { accessibility, 'best-practices': bestPractices } = result.categories;
  return {
    performance: score(result.categories.performance),
    accessibility: score(accessibility),
    bestPractices: score(bestPractices),
    failing: [...accessibility.auditRefs, ...bestPractices.auditRefs]
      .filter(({ id, weight }) => weight > 0 && (result.audits[id]?.score ?? 1) < 1)
      .map(({ id }) => id),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
  };
}

/**
 * Lighthouse sometimes fails to record a busy machine's trace (NO_NAVSTART, NO_FCP): it says so and exits
 * non-zero; the run is repeated, up to ATTEMPTS times, before the bench gives up.
 */
const ATTEMPTS = 3;
function lighthouseRun(url: string, cookie: string | null, outputDir: string): Score {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouse(url, cookie, outputDir);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.error(`bench: Lighthouse failed on ${url}, trying again`);
    }
  }
}

/** The run with the median performance score (its metrics belong together). */
function medianRun(scores: Score[]): Score {
  const sorted = scores.toSorted((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The median of one score over the runs. */
function medianOf(scores: Score[], pick: (score: Score) => number): number {
  const sorted = scores.map(pick).toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Target {
  name: Build['name'];
  label: string;
  url: string;
  stack: ChildProcess | null;
  cookie: string;
  approval: string;
  /** `/shared/<token>`'s token part, or '' when the build cannot make links. */
  link: string;
}

/** The stack as the e2e suite starts it, serving `build`; resolves once it answers /readyz. */
async function startStack(build: Build, port: number, dataDir: string): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    env: { ...process.env, ...consoleStackEnv(port, dataDir), BFF_STATIC_DIR: build.staticDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    started.once('exit', (code) =>
      reject(new Error(`the stack exited with code ${code} before it was ready`)),
    ),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitFor(`${stackPorts(port).consoleUrl}/readyz`), exited]);
  } catch (error) {
    await stop(started);
    throw error;
  }
  return started;
}

installLighthouse();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const given = process.env.BENCH_LIGHTHOUSE_URL;
const builds = given ? [] : [afterBuild(), beforeBuild()].filter((build) => build !== null);
const loadAtStart = loadavg()[0] ?? 0;
const rows: string[][] = [
  [
    'page',
    'performance before',
    'after',
    'goal',
    'accessibility before',
    'after',
    'best practices before',
    'after',
    'goal',
    'after: FCP',
    'LCP',
    'TBT',
    'runs (performance)',
  ],
];
const failing: string[] = [];
const targets: Target[] = [];
try {
  if (given)
    targets.push({
      name: 'after',
      label: given,
      url: given,
      stack: null,
      cookie: '',
      approval: '',
      link: '',
    });
  for (const [index, build] of builds.entries()) {
    const port = PORT + 5 * index;
    const stack = await startStack(build, port, join(dataDir, build.name));
    targets.push({
      name: build.name,
      label: build.label,
      url: stackPorts(port).consoleUrl,
      stack,
      cookie: '',
      approval: '',
      link: '',
    });
  }
  for (const target of targets) {
    target.cookie = await signIn(target.url);
    target.approval = await pendingApproval(target.url, target.cookie);
    target.link = await sharedLink(target.url, target.cookie);
  }
  for (const page of PAGES) {
    if (only.length > 0 && !only.includes(page.name)) continue;
    const scores: Record<Build['name'], Score[]> = { before: [], after: [] };
    for (let run = 0; run < RUNS; run++) {
      // Both builds in turns, the order alternating, so the machine's drift meets both alike.
      for (const target of inTurns(targets, run)) {
        if (page.path.includes(':link') && !target.link) continue;
        const url = `${target.url}${page.path.replace(':approval', target.approval).replace(':link', target.link)}`;
        scores[target.name].push(lighthouseRun(url, page.signedIn ? target.cookie : null, dataDir));
        process.stderr.write('.');
        const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
        if (keep) {
          // Node names the source when the destination's folder is missing: make it first.
          mkdirSync(keep, { recursive: true });
          copyFileSync(
            join(dataDir, 'result.json'),
            join(keep, `${page.name}-${target.name}-${run + 1}.json`),
          );
        }
      }
    }
    const after = medianRun(scores.after);
    const before = scores.before.length > 0 ? scores.before : null;
    const column = (pick: (score: Score) => number) => (before ? String(medianOf(before, pick)) : '—');
    const accessibility = medianOf(scores.after, (score) => score.accessibility);
    const bestPractices = medianOf(scores.after, (score) => score.bestPractices);
    rows.push([
      page.name,
      column((score) => score.performance),
      String(after.performance),
      after.performance >= goalOf(page) ? `≥ ${goalOf(page)} met` : `≥ ${goalOf(page)} MISSED`,
      column((score) => score.accessibility),
      String(accessibility),
      column((score) => score.bestPractices),
      String(bestPractices),
      accessibility === 100 && bestPractices === 100 ? '100 met' : '100 MISSED',
      seconds(after.fcpMs),
      seconds(after.lcpMs),
      `${Math.round(after.tbtMs)} ms`,
      scores.after.map((score) => score.performance).join(', '),
    ]);
    const audits = [...new Set(scores.after.flatMap((score) => score.failing))];
    if (audits.length > 0) failing.push(`${page.name}: ${audits.join(', ')}`);
  }
} finally {
  for (const target of targets) if (target.stack) await stop(target.stack);
  rmSync(dataDir, { recursive: true, force: true });
}
printTable(
  `energy-console Lighthouse (mobile: slow 4G, 4× CPU), median of ${RUNS} runs per build taken in turns; ${targets.map((target) => `${target.name}: ${target.label}`).join(', ')}; load average ${loadAtStart.toFixed(1)} at start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
  rows,
);
console.log(
  failing.length > 0
    ? `\nAudits under 100 in accessibility or best practices (after):\n${failing.join('\n')}`
    : '\nNo audit under 100 in accessibility or best practices (after).',
);
