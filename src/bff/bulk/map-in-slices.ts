import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * `items.map(map)` in slices of `sliceSize`, giving the event loop back between slices: checking a
 * 10,000-row campaign (~40–100 ms of schema work) must not make other staff's requests wait.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T, index: number) => R,
  sliceSize = 250,
): Promise<R[]> {
  const mapped: R[] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + sliceSize);
    for (let index = start; index < end; index++) mapped.push(map(items[index]!, index));
  }
  return mapped;
}
