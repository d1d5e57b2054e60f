import { describe, expect, it } from 'vitest';
import { movedPeriod, nearestPoint, periodAt, periodX } from './chart-pointer.ts';
import type { ReportRow } from '../data/report-rows.ts';

const QUARTER_HOUR = 15 * 60_000;
const row = (start: number, label = String(start)): ReportRow => ({
  start,
  end: start + QUARTER_HOUR,
  label,
  energyKwh: 1,
  sampleCount: 1,
  expected: 1,
  status: 'complete',
  cut: null,
});
const plot = { left: 72, width: 400 };

describe('the period under the pointer', () => {
  it('finds an aggregate’s period by its band, clamped to the first and the last', () => {
    const days = Array.from({ length: 4 }, (_, index) => row(index, `day ${index}`));
    expect(periodAt(72, plot, days, false)).toBe(0);
    expect(periodAt(72 + 199, plot, days, false)).toBe(1);
    expect(periodAt(72 + 200, plot, days, false)).toBe(2);
    expect(periodAt(0, plot, days, false)).toBe(0);
    expect(periodAt(900, plot, days, false)).toBe(3);
    expect(periodX(1, plot, days, false)).toBe(72 + 150);
  });

  it('finds the raw value starting nearest the pointer’s instant, across a gap in the values', () => {
    // 0, 1, 2 quarter hours, then a gap to 8 quarter hours: the axis runs from 0 to 8.
    const values = [0, 1, 2, 8].map((quarter) => row(quarter * QUARTER_HOUR));
    expect(periodAt(72 + 50 * 1.4, plot, values, true)).toBe(1);
    expect(periodAt(72 + 50 * 4.9, plot, values, true)).toBe(2);
    expect(periodAt(72 + 50 * 5.1, plot, values, true)).toBe(3);
    expect(periodX(3, plot, values, true)).toBe(72 + 400);
    expect(periodX(1, plot, values, true)).toBe(72 + 50);
  });

  it('has none without periods or without a plot', () => {
    expect(periodAt(100, plot, [], false)).toBeNull();
    expect(periodAt(100, { left: 72, width: 0 }, [row(0)], true)).toBeNull();
  });
});

describe('the point of a curve under the pointer', () => {
  it('is the one nearest, the earlier on a tie, none without points', () => {
    const shares = [0, 0.1, 0.5, 1].map((x) => ({ x }));
    expect(nearestPoint(shares, 0.04)).toBe(0);
    expect(nearestPoint(shares, 0.05)).toBe(0);
    expect(nearestPoint(shares, 0.31)).toBe(2);
    expect(nearestPoint(shares, 2)).toBe(3);
    expect(nearestPoint([], 0.5)).toBeNull();
  });
});

describe('the keyboard’s cursor', () => {
  it('moves by one, by ten, to the ends, and stays inside the periods', () => {
    expect(movedPeriod(5, 'ArrowRight', 20)).toBe(6);
    expect(movedPeriod(0, 'ArrowLeft', 20)).toBe(0);
    expect(movedPeriod(15, 'PageDown', 20)).toBe(19);
    expect(movedPeriod(15, 'PageUp', 20)).toBe(5);
    expect(movedPeriod(7, 'Home', 20)).toBe(0);
    expect(movedPeriod(7, 'End', 20)).toBe(19);
    expect(movedPeriod(7, 'a', 20)).toBeNull();
  });
});
