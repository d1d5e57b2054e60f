/** The value below which `share` of the sorted values lie (nearest rank); the median at 0.5. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) throw new Error('no values to take a percentile of');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

/**
 * What a figure should reach: at most some milliseconds, or a share faster than the base build measured in
 * the same run (issue 45's floor: "≥ 30 % faster than today's build"), or nothing (a figure to read the
 * others by).
 */
export type Goal = { atMostMs: number } | { fasterThanBefore: number } | null;

/** One timing over several runs of each build, as the table prints it. */
export interface Timing {
  name: string;
  /** Every run's figure of the working tree's build, and of the base build when one was measured. */
  after: number[];
  before: number[] | null;
  goal: Goal;
  /** Where the goal comes from, or why there is none. */
  source: string;
}

export const ms = (value: number) => `${value.toFixed(Math.abs(value) < 100 ? 1 : 0)} ms`;

function goalText(goal: Goal): string {
  if (goal === null) return 'no goal';
  if ('atMostMs' in goal) return `≤ ${goal.atMostMs} ms`;
  return `≥ ${Math.round(goal.fasterThanBefore * 100)} % under before`;
}

/** Whether the after build's median reaches the goal: '' without one, or when it needs a before not measured. */
function verdict(goal: Goal, after: number, before: number | null): string {
  if (goal === null) return '';
  if ('atMostMs' in goal) return after <= goal.atMostMs ? 'met' : 'MISSED';
  if (before === null) return '';
  return after <= before * (1 - goal.fasterThanBefore) ? 'met' : 'MISSED';
}

export const TIMING_HEADER = ['figure', 'before', 'after', 'change', 'goal', '', 'after, every run'];

/** A table row: name, both medians, the change, the goal and whether the after build kept it (never a failure). */
export function timingRow(timing: Timing): string[] {
  const after = median(timing.after);
  const before = timing.before ? median(timing.before) : null;
  return [
    timing.name,
    before === null ? '—' : ms(before),
    ms(after),
    before === null || before === 0 ? '' : `${(((after - before) / Math.abs(before)) * 100).toFixed(0)} %`,
    `${goalText(timing.goal)} (${timing.source})`,
    verdict(timing.goal, after, before),
    timing.after.map((run) => run.toFixed(0)).join(', '),
  ];
}
