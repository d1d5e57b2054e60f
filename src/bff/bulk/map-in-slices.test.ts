import { describe, expect, it } from 'vitest';
import { mapInSlices } from './map-in-slices.ts';

describe('mapInSlices', () => {
  it('maps every item in order and lets other work run between slices, not within one', async () => {
    let otherWorkRan = 0;
    const tick = () =>
      setImmediate(() => {
        otherWorkRan += 1;
        if (otherWorkRan < 100) tick();
      });
    tick();
    const seenBy: number[] = [];
    const items = Array.from({ length: 1000 }, (_, index) => index);
    const mapped = await mapInSlices(
      items,
      (item) => {
        seenBy.push(otherWorkRan);
        return item * 2;
      },
      250,
    );
    expect(mapped).toEqual(items.map((item) => item * 2));
    const perSlice = [0, 250, 500, 750].map((start) => new Set(seenBy.slice(start, start + 250)));
    // Within a slice nothing else ran; between slices something did.
    expect(perSlice.every((values) => values.size === 1)).toBe(true);
    const firsts = perSlice.map((values) => [...values][0]!);
    expect(firsts[1]).toBeGreaterThan(firsts[0]!);
    expect(firsts[3]).toBeGreaterThan(firsts[2]!);
  });
});
