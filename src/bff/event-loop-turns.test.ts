import { afterEach, describe, expect, it } from 'vitest';
import { EventLoopTurns, mapInTurns } from './event-loop-turns.ts';

/** A clock that moves only when an item's work says so: the rule is checked without the machine's timing. */
function manualClock() {
  let time = 0;
  return { now: () => time, work: (ms: number) => (time += ms) };
}

/**
 * Other work that runs whenever the event loop is free: how often it ran, and the longest wait between runs
 * on `now`'s clock.
 */
function otherWork(now: () => number) {
  const seen = { ran: 0, longestWaitMs: 0 };
  let last = now();
  let running = true;
  const tick = () =>
    setImmediate(() => {
      const time = now();
      seen.longestWaitMs = Math.max(seen.longestWaitMs, time - last);
      last = time;
      seen.ran += 1;
      if (running) tick();
    });
  tick();
  stops.push(() => (running = false));
  return seen;
}
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('mapInTurns', () => {
  it('maps every item in order', async () => {
    const items = Array.from({ length: 1000 }, (_, index) => index);
    expect(await mapInTurns(items, (item, index) => item * 2 + index)).toEqual(items.map((item) => item * 3));
  });

  it('gives the event loop back whenever the work has held it for the budget, not after every item', async () => {
    const clock = manualClock();
    const other = otherWork(clock.now);
    const seenBy: number[] = [];
    // 20 items of 3 ms with a budget of 10 ms: the loop is given back before every fourth item (12 ms held).
    await mapInTurns(
      Array.from({ length: 20 }, (_, index) => index),
      () => {
        seenBy.push(other.ran);
        clock.work(3);
      },
      10,
      clock.now,
    );
    const givenBefore = seenBy.flatMap((ran, index) =>
      index > 0 && ran > seenBy[index - 1]! ? [index] : [],
    );
    expect(givenBefore).toEqual([4, 8, 12, 16]);
  });
});

describe('EventLoopTurns', () => {
  it('lets nothing else run while the loop is within its budget', async () => {
    const clock = manualClock();
    const other = otherWork(clock.now);
    const turns = new EventLoopTurns(1_000, clock.now);
    for (let item = 0; item < 100; item++) {
      await turns.take();
      clock.work(9);
    }
    expect(other.ran).toBe(0);
  });

  it('never holds the event loop longer than its budget and one item’s work', async () => {
    const clock = manualClock();
    const other = otherWork(clock.now);
    const turns = new EventLoopTurns(10, clock.now);
    for (let item = 0; item < 60; item++) {
      await turns.take();
      clock.work(2);
    }
    await turns.take();
    // 120 ms of work in items of 2 ms: given back after every 10 ms held, so twelve times.
    expect(other.longestWaitMs).toBeLessThanOrEqual(10 + 2);
    expect(other.ran).toBeGreaterThanOrEqual(12);
  });
});
