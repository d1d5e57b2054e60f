import { describe, expect, it } from 'vitest';
import { drawnIndexes, finalSum, runningSums, tabledIndexes } from './cumulative-sum.ts';
import { rangeInstants } from '../data/report-range.ts';
import { rangePeriods, reportRows } from '../data/report-rows.ts';
import { rows } from '../testing/report-row-fixtures.ts';

describe('the running sum', () => {
  it('adds what each period delivered, interrupted (null) over a gap and resuming at the same sum', () => {
    const sums = runningSums(
      rows(
        [0.1, 'complete'],
        [0.2, 'complete'],
        [null, 'gap'],
        [0.7, 'incomplete'],
        [null, 'not-yet-delivered'],
      ),
    );
    expect(sums).toEqual([0.1, 0.3, null, 1, null]);
    expect(finalSum(sums)).toBe(1);
    expect(finalSum([null, null])).toBe(0);
  });

  it('lists one row per day for raw values: the sum at each local midnight (Berlin’s autumn day after 100)', () => {
    const range = { from: '2025-10-25', to: '2025-10-27' };
    const { start, end } = rangeInstants(range, 'Europe/Berlin');
    const raw = reportRows(rangePeriods(start, end, 'raw', 'Europe/Berlin'), [], 'raw', 'Europe/Berlin');
    expect(tabledIndexes(raw, 'raw', range, 'Europe/Berlin')).toEqual([95, 195, 291]);
    const days = reportRows(rangePeriods(start, end, 'day', 'Europe/Berlin'), [], 'day', 'Europe/Berlin');
    expect(tabledIndexes(days, 'day', range, 'Europe/Berlin')).toEqual([0, 1, 2]);
  });

  it('keeps the sums and the table rows per rows array: a switch back, or a warmed view, reuses them', () => {
    const range = { from: '2025-10-25', to: '2025-10-27' };
    const { start, end } = rangeInstants(range, 'Europe/Berlin');
    const raw = reportRows(rangePeriods(start, end, 'raw', 'Europe/Berlin'), [], 'raw', 'Europe/Berlin');
    expect(runningSums(raw)).toBe(runningSums(raw));
    expect(tabledIndexes(raw, 'raw', range, 'Europe/Berlin')).toBe(
      tabledIndexes(raw, 'raw', range, 'Europe/Berlin'),
    );
    // Another zone's midnights are other rows: not the cached ones.
    expect(tabledIndexes(raw, 'raw', range, 'UTC')).not.toEqual(
      tabledIndexes(raw, 'raw', range, 'Europe/Berlin'),
    );
  });

  it('thins the positions drawn but keeps both edges of every interruption, in either series', () => {
    const sums: (number | null)[] = Array.from({ length: 100 }, (_, index) =>
      index >= 40 && index < 60 ? null : index,
    );
    const compare: (number | null)[] = Array.from({ length: 100 }, (_, index) =>
      index === 85 ? null : index,
    );
    const drawn = drawnIndexes([sums, compare], 10);
    expect(drawn).toEqual([0, 10, 20, 30, 39, 40, 59, 60, 70, 80, 84, 85, 86, 90, 99]);
  });
});
