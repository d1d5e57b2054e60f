import { describe, expect, it } from 'vitest';
import { maxColumns, minMaxColumns, type Series } from './pixel-columns.ts';

/** 10,000 values on 100 columns, a gap of 96 values in the middle of column 40. */
function wave(): Series & { values: (number | null)[] } {
  const values = Array.from({ length: 10_000 }, (_, index) =>
    index >= 4010 && index < 4106 ? null : Math.sin(index / 50) + (index === 7777 ? 5 : 0),
  );
  return {
    values,
    count: values.length,
    columnOf: (index) => Math.floor(index / 100),
    xOf: (index) => index * 10,
    valueOf: (index) => values[index]!,
  };
}

describe('one value per pixel column', () => {
  it('keeps each column’s lowest and highest value in their order, and a gap as one break', () => {
    const series = wave();
    const drawn = minMaxColumns(series);
    expect(drawn.length).toBeLessThanOrEqual(2 * 100 + 3);
    expect(drawn.filter((point) => point.value === null)).toEqual([{ x: 40_100, value: null }]);
    // The spike survives, at its own position.
    expect(drawn).toContainEqual({ x: 77_770, value: series.values[7777] });
    const valued = series.values.filter((value): value is number => value !== null);
    expect(Math.min(...drawn.map((point) => point.value ?? Infinity))).toBe(Math.min(...valued));
    expect(drawn.map((point) => point.x)).toEqual([...drawn.map((point) => point.x)].sort((a, b) => a - b));
    expect(drawn[0]!.x).toBe(0);
  });

  it('gives bars each column’s highest value where it lies, a column without values as a gap', () => {
    const values = [1, 3, 2, null, null, null, 4, null];
    const drawn = maxColumns(
      {
        count: values.length,
        columnOf: (index) => Math.floor(index / 3),
        xOf: (index) => index,
        valueOf: (index) => values[index]!,
      },
      (index) => (index === 4 ? 9 : null),
    );
    expect(drawn).toEqual([
      { x: 1, value: 3, compare: null },
      { x: 3, value: null, compare: 9 },
      { x: 6, value: 4, compare: null },
    ]);
  });
});
