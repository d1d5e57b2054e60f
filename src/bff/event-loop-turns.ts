import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long work on one request may hold the event loop before it gives it back. `/healthz` and every other
 * member of staff wait at most about this long behind a 10,000-row campaign (issue 41: within 200 ms).
 */
const TURN_BUDGET_MS = 10;

export { nextTurn };

/**
 * A long loop's clock: `await turns.take()` between items gives the event loop back once the loop has held it
 * for `budgetMs`. By time, not by count: a charges row of 600 monthly executions costs a hundred times a
 * migration row, so a fixed number of items per slice was either too many (a 112 ms turn) or too few.
 */
export class EventLoopTurns {
  private since: number;

  constructor(
    private readonly budgetMs = TURN_BUDGET_MS,
    /** The clock (tests give their own, so the rule is checked without the machine's timing). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.since = now();
  }

  async take(): Promise<void> {
    if (this.now() - this.since < this.budgetMs) return;
    await nextTurn();
    this.since = this.now();
  }
}

/** `items.map(map)`, giving the event loop back whenever the mapping has held it for `budgetMs`. */
export async function mapInTurns<T, R>(
  items: readonly T[],
  map: (item: T, index: number) => R,
  budgetMs = TURN_BUDGET_MS,
  now?: () => number,
): Promise<R[]> {
  const turns = new EventLoopTurns(budgetMs, now);
  const mapped: R[] = [];
  for (let index = 0; index < items.length; index++) {
    await turns.take();
    mapped.push(map(items[index]!, index));
  }
  return mapped;
}
