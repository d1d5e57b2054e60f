import { describe, expect, it } from 'vitest';
import type { ChartPoint } from './pixel-columns.ts';
import { areaPath, barsPath, linePath, valueExtent } from './series-paths.ts';

// x: 10 px per unit from 100; y: 300 px high, 0 at the bottom (300), 10 at the top (0).
const x = (value: number) => 100 + value * 10;
const y = (value: number) => 300 - value * 30;
const value = (point: ChartPoint) => point.value;
const points: ChartPoint[] = [
  { x: 0, value: 1, compare: 2 },
  { x: 1, value: 2.345_67, compare: null },
  { x: 2, value: null, compare: 4 },
  { x: 3, value: 5, compare: -1 },
  { x: 4, value: 0, compare: 12 },
];

describe('series as one SVG path each', () => {
  it('draws a line through the values, broken at a gap, never bridged to zero', () => {
    expect(linePath(points, value, x, y)).toBe('M100,270L110,229.6M130,150L140,300');
  });

  it('holds each value until the next point, then steps, and breaks at a gap', () => {
    expect(linePath(points, value, x, y, { steps: true })).toBe('M100,270H110V229.6M130,150H140V300');
  });

  it('closes the area of each run of values down to the baseline', () => {
    expect(areaPath(points, value, x, y)).toBe(
      'M100,300L100,270L110,229.6L110,300ZM130,300L130,150L140,300L140,300Z',
    );
  });

  it('draws a bar per value from the baseline, none for a gap or a zero, shifted beside its period', () => {
    expect(barsPath(points, 4, 0, x, y)).toBe('M98,300V270h4V300ZM108,300V229.6h4V300ZM128,300V150h4V300Z');
    const compared = points.map((point) => ({ x: point.x, value: point.compare }));
    // A negative value hangs from the baseline; the bars sit 3 px right of their periods.
    expect(barsPath(compared, 2, 3, x, y)).toBe(
      'M102,300V240h2V300ZM122,300V180h2V300ZM132,300V330h2V300ZM142,300V-60h2V300Z',
    );
  });

  it('spans the value axis from zero (or the lowest negative) to the highest of every series given', () => {
    expect(valueExtent(points, value)).toEqual([0, 5]);
    expect(valueExtent(points, value, (point) => point.compare)).toEqual([-1, 12]);
    expect(valueExtent([{ x: 0, value: null }], value)).toEqual([0, 0]);
  });
});
