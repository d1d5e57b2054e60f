import { describe, expect, it } from 'vitest';
import { chartPoints, compareLinePoints } from './chart-points.ts';
import { energyUnit } from '../data/report-rows.ts';
import { rows } from '../testing/report-row-fixtures.ts';

const QUARTER_HOUR = 0.25;
/** A year of quarter hours (35,040 values), a wave with its values' index in it. */
const rawYear = (offset: number) =>
  rows(
    ...Array.from(
      { length: 35_040 },
      (_, index) => [Math.sin(index / 96) + offset, 'complete', QUARTER_HOUR] as [number, 'complete', number],
    ),
  );
const kWh = energyUnit(0);

describe('the points a raw year is drawn with', () => {
  it('are reduced to each pixel column’s lowest and highest value, once per rows, unit and width', () => {
    const year = rawYear(2);
    const drawn = chartPoints(year, null, true, kWh, 1000);
    expect(drawn.length).toBeLessThanOrEqual(2 * 1000);
    expect(chartPoints(year, null, true, kWh, 1000)).toBe(drawn);
    expect(chartPoints(year, null, true, kWh, 800)).not.toBe(drawn);
  });

  it('stay as they are when a comparison is turned on or off: the comparison is a line of its own', () => {
    const year = rawYear(2);
    const yearBefore = rawYear(1);
    const drawn = chartPoints(year, null, true, kWh, 1000);
    expect(chartPoints(year, yearBefore, true, kWh, 1000)).toBe(drawn);
    expect(chartPoints(year, null, true, kWh, 1000)).toBe(drawn);

    const compared = compareLinePoints(year, yearBefore, kWh, 1000);
    expect(compared.length).toBeLessThanOrEqual(2 * 1000);
    // On this range's time axis, with the compared range's values.
    expect(compared[0]).toEqual({ x: year[0]!.start, value: yearBefore[0]!.energyKwh });
    // Compare off and on again: the same line, not reduced again.
    expect(compareLinePoints(year, yearBefore, kWh, 1000)).toBe(compared);
    expect(compareLinePoints(year, yearBefore, kWh, 800)).not.toBe(compared);
  });

  it('of bars carry the comparison in the same points, so another comparison draws them anew', () => {
    const days = rows(
      ...Array.from({ length: 365 }, (_, index) => [index, 'complete', 24] as [number, 'complete', number]),
    );
    const daysBefore = rows(
      ...Array.from({ length: 365 }, () => [1, 'complete', 24] as [number, 'complete', number]),
    );
    const alone = chartPoints(days, null, false, kWh, 1000);
    expect(alone[10]).toEqual({ x: 10, value: 10 });
    const compared = chartPoints(days, daysBefore, false, kWh, 1000);
    expect(compared).not.toBe(alone);
    expect(compared[10]).toEqual({ x: 10, value: 10, compare: 1 });
  });
});
