import { describe, expect, it } from 'vitest';
import type { PeriodStatus } from '../../../../contract/feed-completeness.ts';
import { drawnDurationPoints, durationCurve, valueAtShare } from './duration-curve.ts';
import { rows } from '../testing/report-row-fixtures.ts';

const TABLE = (curve: ReturnType<typeof durationCurve>) =>
  [0, 0.2, 0.25, 0.49, 0.5, 1].map((share) => valueAtShare(curve, share));

describe('the load-duration curve', () => {
  it('sorts complete periods from highest to lowest, each as wide as its share of the time', () => {
    const curve = durationCurve(
      rows(
        [2, 'complete'],
        [5, 'complete', 2],
        [null, 'gap'],
        [1, 'incomplete'],
        [3, 'complete'],
        [null, 'not-yet-delivered'],
      ),
    );
    expect(curve.steps.map((step) => [step.kwh, step.share])).toEqual([
      [5, 0],
      [3, 0.5],
      [2, 0.75],
    ]);
    expect(curve.hours).toBe(4);
    expect(curve.leftOut).toEqual({ gaps: 1, incomplete: 1, notYetDelivered: 1 });
  });

  it('sorts a rows array once: the same rows give the same curve, other rows their own', () => {
    const some = rows([2, 'complete'], [5, 'complete']);
    expect(durationCurve(some)).toBe(durationCurve(some));
    expect(durationCurve([...some])).not.toBe(durationCurve(some));
    expect(durationCurve([...some])).toEqual(durationCurve(some));
  });

  it('reads the value reached during a share of the time: the peak at 0, the lowest at 1', () => {
    const curve = durationCurve(rows([5, 'complete'], [4, 'complete'], [3, 'complete'], [2, 'complete']));
    expect(TABLE(curve)).toEqual([5, 5, 4, 4, 3, 2]);
    expect(valueAtShare(durationCurve([]), 0.5)).toBeNull();
  });

  it('thins a long curve to the points asked for, keeping the peak and the lowest value held to the end', () => {
    const many = rows(
      ...Array.from({ length: 1000 }, (_, index) => [1000 - index, 'complete'] as [number, PeriodStatus]),
    );
    const points = drawnDurationPoints(durationCurve(many), 100);
    expect(points.length).toBeLessThanOrEqual(102);
    expect(points[0]).toEqual({ share: 0, kwh: 1000 });
    expect(points.at(-2)).toEqual({ share: 0.999, kwh: 1 });
    expect(points.at(-1)).toEqual({ share: 1, kwh: 1 });
    for (let index = 1; index < points.length; index++)
      expect(points[index]!.kwh).toBeLessThanOrEqual(points[index - 1]!.kwh);
  });
});
