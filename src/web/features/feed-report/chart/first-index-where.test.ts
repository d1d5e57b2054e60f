import { describe, expect, it } from 'vitest';
import { firstIndexWhere } from './first-index-where.ts';

const sorted = [1, 3, 3, 5, 8];
const firstAtOrAfter = (value: number) => firstIndexWhere(sorted.length, (index) => sorted[index]! >= value);

describe('firstIndexWhere', () => {
  it('finds the first index at or past the value, the earliest of equal ones', () => {
    expect(firstAtOrAfter(3)).toBe(1);
    expect(firstAtOrAfter(4)).toBe(3);
    expect(firstAtOrAfter(8)).toBe(4);
  });

  it('gives 0 when every index is past, and the count when none is', () => {
    expect(firstAtOrAfter(0)).toBe(0);
    expect(firstAtOrAfter(9)).toBe(5);
    expect(firstIndexWhere(0, () => true)).toBe(0);
  });

  it('agrees with a linear search on every value of a long sequence', () => {
    const values = Array.from({ length: 1000 }, (_, index) => Math.floor(index / 3));
    for (let value = -1; value <= 335; value++) {
      const linear = values.findIndex((each) => each >= value);
      expect(firstIndexWhere(values.length, (index) => values[index]! >= value)).toBe(
        linear === -1 ? values.length : linear,
      );
    }
  });

  it('asks about no more indexes than a binary search needs', () => {
    const asked: number[] = [];
    firstIndexWhere(1024, (index) => {
      asked.push(index);
      return index >= 700;
    });
    expect(asked.length).toBeLessThanOrEqual(11);
  });
});
