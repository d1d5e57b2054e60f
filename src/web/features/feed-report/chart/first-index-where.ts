/**
 * Binary search: of the indexes 0 … count − 1 of a sorted sequence, where `isPast` is false up to some index
 * and true from it on, the first for which it is true (`count` when there is none). O(log count).
 */
export function firstIndexWhere(count: number, isPast: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
