import { afterEach, describe, expect, it } from 'vitest';
import { EventLoopTurns, mapInTurns } from './event-loop-turns.ts';

/** Busy-waits `ms`: an item whose work holds the thread. */
const work = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Other work that runs whenever the event loop is free: how often it ran, and the longest wait between runs. */
function otherWork() {
  const seen = { ran: 0, longestWaitMs: 0 };
  let last = performance.now();
  let running = true;
  const tick = () =>
    setImmediate(() => {
      const now = performance.now();
      seen.longestWaitMs = Math.max(seen.longestWaitMs, now - last);
      last = now;
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
    const other = otherWork();
    const seenBy: number[] = [];
    // 20 items of 3 ms with a budget of 10 ms: other work runs about every fourth item.
    await mapInTurns(
      Array.from({ length: 20 }, (_, index) => index),
      () => {
        seenBy.push(other.ran);
        work(3);
      },
      10,
    );
    const turnsGiven = new Set(seenBy).size - 1;
    expect(turnsGiven).toBeGreaterThanOrEqual(4);
    expect(turnsGiven).toBeLessThanOrEqual(8);
  });
});

describe('EventLoopTurns', () => {
  it('lets nothing else run while the loop is within its budget', async () => {
    const other = otherWork();
    const turns = new EventLoopTurns(1_000);
    for (let item = 0; item < 100; item++) await turns.take();
    expect(other.ran).toBe(0);
  });

  it('never holds the event loop much longer than its budget', async () => {
    const other = otherWork();
    const turns = new EventLoopTurns(10);
    for (let item = 0; item < 60; item++) {
      await turns.take();
      work(2);
    }
    await turns.take();
    // Within the budget and one item's work (2 ms), with room for a slow machine; 120 ms of work in all.
    expect(other.longestWaitMs).toBeLessThan(40);
    expect(other.ran).toBeGreaterThanOrEqual(8);
  });
});
