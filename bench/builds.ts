/**
 * The two consoles a benchmark compares in one run (issue 45): "before", the console built from a base commit
 * (BENCH_BEFORE_REF, default the merge-base of HEAD and `main`), and "after", the working tree's `dist/`.
 * A single build measured twice minutes apart moved 10–30 % here (0037), so a figure is only read beside the
 * same figure of the base build measured in turns with it.
 *
 * The base build is made once per commit: `git archive` of the commit into .tmp/before/<commit>/src (no
 * worktree, so the repository's list of worktrees is left alone), the working tree's node_modules linked in,
 * and `vite build` into .tmp/before/<commit>/dist. A later run reuses it (~20 s saved).
 * BENCH_BEFORE=off measures the working tree's build only; BENCH_BEFORE=<folder> takes a build already made.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Build {
  name: 'before' | 'after';
  /** The folder the console serves (BFF_STATIC_DIR). */
  staticDir: string;
  /** What it was built from, for the table's title. */
  label: string;
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

function baseCommit(): string {
  const ref = process.env.BENCH_BEFORE_REF;
  return ref ? git('rev-parse', '--verify', `${ref}^{commit}`) : git('merge-base', 'HEAD', 'main');
}

function viteBuild(cwd: string, outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
    { cwd, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`vite build in ${cwd} failed`);
}

/** The base commit's console, built once into .tmp/before/<commit>/dist. */
export function beforeBuild(): Build | null {
  const given = process.env.BENCH_BEFORE;
  if (given === 'off') return null;
  if (given) {
    if (!existsSync(join(given, 'index.html')))
      throw new Error(`BENCH_BEFORE must name a built console (a folder with index.html), not ${given}`);
    return { name: 'before', staticDir: resolve(given), label: given };
  }
  const commit = baseCommit();
  const folder = resolve('.tmp/before', commit.slice(0, 12));
  const dist = join(folder, 'dist');
  const label = `${commit.slice(0, 7)} (${process.env.BENCH_BEFORE_REF ?? 'merge-base with main'})`;
  if (existsSync(join(dist, 'index.html'))) return { name: 'before', staticDir: dist, label };
  console.error(`bench: building the console of ${label} into ${dist}`);
  rmSync(folder, { recursive: true, force: true });
  const source = join(folder, 'src');
  mkdirSync(source, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${source}'`], { stdio: 'inherit' });
  // The base commit's package-lock may differ from today's; the build uses today's packages, which is what
  // the working tree's build uses too (a dependency change shows as a difference of the two builds' code).
  symlinkSync(resolve('node_modules'), join(source, 'node_modules'));
  viteBuild(source, dist);
  return { name: 'before', staticDir: dist, label };
}

/**
 * The working tree's console, built into `dist/` now: built, it is fresh, so neither stack's start.ts builds it
 * again (two stacks rebuilding one folder at once left a run waiting for a console that never became ready).
 * Editing the console's sources during a run makes start.ts of a later stack rebuild it under the others.
 */
export function afterBuild(): Build {
  console.error('bench: building the working tree into dist/');
  viteBuild(process.cwd(), resolve('dist'));
  return { name: 'after', staticDir: resolve('dist'), label: 'the working tree (dist/)' };
}

/** Each round measures both builds, in alternating order, so neither always goes first on a warmer machine. */
export function inTurns<T>(builds: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...builds] : [...builds].reverse();
}
