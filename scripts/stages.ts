/**
 * Runs groups of shell commands: the stages of a group side by side, the groups one after another, stopping after
 * the first group with a failure. Every line a stage prints is shown behind its name; at the end a table gives
 * each stage's wall time and result, so CI's log says where the minutes went.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Stage {
  name: string;
  command: string;
}

interface Outcome {
  name: string;
  seconds: number;
  code: number;
}

/** Exit code 0 when every stage passed, else the first failure's code. */
export async function runStages(title: string, groups: readonly (readonly Stage[])[]): Promise<number> {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const group of groups) {
    const width = Math.max(...group.map((stage) => stage.name.length));
    const results = await Promise.all(
      group.map((stage) => runStage(stage, group.length > 1 ? `[${stage.name.padEnd(width)}] ` : '')),
    );
    outcomes.push(...results);
    if (results.some((result) => result.code !== 0)) break;
  }
  console.log(`\n${title}: stage times (wall)`);
  for (const { name, seconds, code } of outcomes) {
    console.log(
      `  ${name.padEnd(12)} ${formatSeconds(seconds).padStart(8)}  ${code === 0 ? 'passed' : `FAILED (${code})`}`,
    );
  }
  console.log(`  ${'total'.padEnd(12)} ${formatSeconds((performance.now() - started) / 1000).padStart(8)}`);
  return outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
}

function runStage({ name, command }: Stage, prefix: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(command, {
    shell: true,
    stdio: prefix === '' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    // Colours would be escape codes in the prefixed lines of CI's log.
    env: prefix === '' ? process.env : { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' },
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
  }
  return new Promise((resolve) => {
    const done = (code: number) => resolve({ name, seconds: (performance.now() - started) / 1000, code });
    child.on('error', () => done(1));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} m ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;
}
