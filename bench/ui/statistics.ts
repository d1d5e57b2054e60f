/** The value below which `share` of the sorted values lie (nearest rank); the median at 0.5. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) throw new Error('no values to take a percentile of');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

/** One timing over several runs, as the table prints it: the median beside every run's figure. */
export interface Timing {
  name: string;
  runs: number[];
  /** Milliseconds the timing should stay within, or null where no budget was set. */
  budgetMs: number | null;
  /** Where the budget comes from, or why there is none. */
  source: string;
}

const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;

/** A table row: name, median, the runs, the budget and whether the median kept it (never a failure). */
export function timingRow(timing: Timing): string[] {
  const middle = median(timing.runs);
  const verdict = timing.budgetMs === null ? '' : middle <= timing.budgetMs ? 'met' : 'MISSED';
  return [
    timing.name,
    `median ${ms(middle)}`,
    `runs ${timing.runs.map((run) => run.toFixed(0)).join(', ')}`,
    timing.budgetMs === null
      ? `no budget (${timing.source})`
      : `budget ${timing.budgetMs} ms (${timing.source})`,
    verdict,
  ];
}
