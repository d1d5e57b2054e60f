/**
 * `npm run test:e2e`: the Playwright suite as two runs side by side, each against a stack of its own (its own
 * ports, a fresh sandbox and fresh BFF data), so no test sees another run's bookings, approvals or sessions.
 * Within a run the specs go one after another as before (they share their stack's data on purpose: a later
 * spec may meet an earlier one's consumer). The suite took 19.6 minutes as one run, 72 % of CI; a run keeps
 * one core about 70 % busy (vmstat), so two runs share this machine's two cores.
 *
 * With arguments (`npm run test:e2e -- e2e/sso.spec.ts -g "signs staff in"`) or `E2E_RUNS=1` it is one
 * ordinary Playwright run, as before.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod/mini';
import { createInterface } from 'node:readline';

/**
 * Seconds each spec file took in the last full run (`e2e/spec-seconds.json`, written back after every full run
 * from the runs' reporter, e2e/spec-seconds-reporter.ts): the files are dealt to the two runs by these, the
 * longest first to the run with less so far. A file not measured yet counts as the median of those measured.
 */
const SECONDS_FILE = 'e2e/spec-seconds.json';
const secondsSchema = z.record(z.string(), z.number().check(z.nonnegative()));
const measuredSeconds = readSeconds(SECONDS_FILE);
/** The first run's console port; the second's is 100 above (each stack uses its port and the two after). */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 18480);

const args = process.argv.slice(2);
if (args.length > 0 || process.env.E2E_RUNS === '1') {
  process.exitCode = await playwright(args, FIRST_PORT, null);
} else {
  const runs = dealSpecs(readdirSync('e2e').filter((name) => name.endsWith('.spec.ts')));
  const started = Date.now();
  const codes = await Promise.all(
    runs.map((files, index) =>
      playwright(
        files.map((file) => `e2e/${file}`),
        FIRST_PORT + 100 * index,
        `[${index + 1}] `,
      ),
    ),
  );
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const measured = recordSeconds(
    runs.map((_, index) => `test-results/spec-seconds-${FIRST_PORT + 100 * index}.json`),
  );
  console.log(`e2e: ${runs.length} runs side by side in ${minutes} min; exit codes ${codes.join(', ')}`);
  runs.forEach((files, index) => {
    const total = files.reduce((sum, file) => sum + (measured[file] ?? 0), 0);
    console.log(
      `  run ${index + 1} (${Math.round(total)} s): ${files.map((file) => `${file} ${measured[file] ?? '?'} s`).join(', ')}`,
    );
  });
  process.exitCode = codes.find((code) => code !== 0) ?? 0;
}

/** The spec files in two lists of about equal measured time. */
function dealSpecs(files: readonly string[]): string[][] {
  const known = Object.values(measuredSeconds).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)]! : 60;
  const weight = (file: string) => measuredSeconds[file] ?? median;
  const runs: { files: string[]; seconds: number }[] = [
    { files: [], seconds: 0 },
    { files: [], seconds: 0 },
  ];
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lighter = runs[0]!.seconds <= runs[1]!.seconds ? runs[0]! : runs[1]!;
    lighter.files.push(file);
    lighter.seconds += weight(file);
  }
  // Alphabetical within a run, as one Playwright run orders them.
  return runs.map((run) => run.files.sort());
}

function readSeconds(path: string): Record<string, number> {
  if (!existsSync(path)) return {};
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return secondsSchema.parse(parsed);
}

/** The runs' measured times merged into SECONDS_FILE (a spec a run did not finish keeps its last time). */
function recordSeconds(runFiles: readonly string[]): Record<string, number> {
  const merged = { ...measuredSeconds };
  for (const path of runFiles) Object.assign(merged, readSeconds(path));
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(SECONDS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  return sorted;
}

/** One Playwright run on `port`; its output line by line behind `prefix` (null: passed through as is). */
function playwright(args: readonly string[], port: number, prefix: string | null): Promise<number> {
  const child = spawn('npx', ['playwright', 'test', ...args], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: prefix === null ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  if (prefix !== null) {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
