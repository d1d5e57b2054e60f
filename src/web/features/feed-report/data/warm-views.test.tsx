// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import type * as ReportRange from './report-range.ts';

const computed = vi.hoisted(() => ({
  records: [] as string[],
  views: [] as string[],
  heatmaps: [] as string[],
}));
vi.mock('./loaded-raw.ts', () => ({
  recordsFromRaw: (_raw: unknown, _start: number, _end: number, aggregation: string) => {
    computed.records.push(aggregation);
    return [aggregation];
  },
}));
vi.mock('./report-view.ts', () => ({
  reportView: (records: string[]) => {
    computed.views.push(records[0]!);
    return { rows: records, resolutionMs: 900_000 };
  },
}));
vi.mock('../chart/duration-curve.ts', () => ({
  durationCurve: (rows: string[]) => computed.heatmaps.push(`curve of ${rows[0]}`),
}));
vi.mock('../chart/cumulative-sum.ts', () => ({
  runningSums: (rows: string[]) => computed.heatmaps.push(`sums of ${rows[0]}`),
  tabledIndexes: (rows: string[], aggregation: string) =>
    computed.heatmaps.push(`table of ${rows[0]} by ${aggregation}`),
}));
vi.mock('../heatmap/heatmap-cells.ts', () => ({
  heatmapOf: (rows: string[], range: { from: string; to: string }, timeZone: string) => {
    computed.heatmaps.push(`${rows[0]} ${range.from}/${range.to} ${timeZone}`);
  },
}));
// Passed through, counted: what the hook plans is checked in idle time, not in the render's effects.
const counted = vi.hoisted(() => ({ limits: 0 }));
vi.mock('./report-range.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ReportRange>();
  return {
    ...original,
    withinPointLimit: (...args: Parameters<typeof original.withinPointLimit>) => {
      counted.limits++;
      return original.withinPointLimit(...args);
    },
  };
});
// The browser's zone as a staff member's in Germany, whatever the machine running the tests says.
vi.mock('../../../lib/time-zone-names.ts', () => ({ browserTimeZone: () => 'Europe/Berlin' }));
const { useWarmViews, viewsToWarm } = await import('./warm-views.ts');

const loaded = { records: [] as FeedRecord[], start: 0, end: 1 };
const props = (days: { from: string; to: string }, aggregation: 'raw' | 'day') => ({
  loaded,
  range: days,
  start: 0,
  end: 1,
  aggregation,
  timeZone: 'Europe/Berlin',
  now: 0,
});

describe('useWarmViews', () => {
  it('plans nothing while the view is drawn: the plan and the first view wait for an idle period', () => {
    const idle: IdleRequestCallback[] = [];
    // happy-dom has no idle callbacks (the hook then uses a timeout): these hold them until the test runs one.
    Object.assign(window, {
      requestIdleCallback: (callback: IdleRequestCallback) => idle.push(callback),
      cancelIdleCallback: () => undefined,
    });
    try {
      counted.limits = 0;
      computed.records.length = 0;
      // A year of days in a zone: counting its hours for the limit took 10-15 ms of a zone change's redraw.
      renderHook(() => useWarmViews(props({ from: '2025-01-01', to: '2025-12-31' }, 'day')));
      expect(idle).toHaveLength(1);
      expect(counted.limits).toBe(0);
      expect(computed.records).toEqual([]);
      // The first idle period plans and computes the first view; the next asks for its own.
      idle.shift()!({ didTimeout: false, timeRemaining: () => 50 });
      expect(counted.limits).toBeGreaterThan(0);
      expect(computed.records).toEqual(['raw']);
      expect(idle).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it("computes the range's other aggregations, hours first, each with its report view, then its curve, running sums and heatmap", async () => {
    computed.records.length = computed.views.length = computed.heatmaps.length = 0;
    renderHook(() => useWarmViews(props({ from: '2025-01-01', to: '2025-12-31' }, 'day')));
    await waitFor(() => expect(computed.heatmaps).toHaveLength(4));
    // The shown view read again (from its cache) for its curve and its sums, the raw view for the heatmap.
    expect(computed.records).toEqual(['raw', 'hour', 'week', 'month', 'year', 'day', 'day', 'raw']);
    expect(computed.views).toEqual(computed.records);
    expect(computed.heatmaps).toEqual([
      'curve of day',
      'sums of day',
      'table of day by day',
      'raw 2025-01-01/2025-12-31 Europe/Berlin',
    ]);
  });

  /**
   * Idle callbacks the test runs one at a time (happy-dom has none, and a timeout would leave the test to
   * guess how long to wait); `cancelled` once the hook gives one back.
   */
  const heldIdleCallbacks = () => {
    const idle = new Map<number, IdleRequestCallback>();
    let handles = 0;
    Object.assign(window, {
      requestIdleCallback: (callback: IdleRequestCallback) => {
        idle.set(++handles, callback);
        return handles;
      },
      cancelIdleCallback: (handle: number) => idle.delete(handle),
    });
    return {
      waiting: () => idle.size,
      runNext() {
        const [handle, callback] = [...idle][0]!;
        idle.delete(handle);
        callback({ didTimeout: false, timeRemaining: () => 50 });
      },
      release() {
        Reflect.deleteProperty(window, 'requestIdleCallback');
        Reflect.deleteProperty(window, 'cancelIdleCallback');
      },
    };
  };
  // Six years: raw values are over the limit (they would ask first), hours are not.
  const sixYears = { from: '2020-01-01', to: '2025-12-31' };

  it('leaves out the raw values and their heatmap when they would be too many points', () => {
    const idle = heldIdleCallbacks();
    try {
      computed.records.length = computed.views.length = computed.heatmaps.length = 0;
      renderHook(() => useWarmViews(props(sixYears, 'day')));
      while (idle.waiting() > 0) idle.runNext();
      expect(computed.records).toEqual(['hour', 'week', 'month', 'year', 'day', 'day']);
      expect(computed.heatmaps).toEqual(['curve of day', 'sums of day', 'table of day by day']);
    } finally {
      idle.release();
    }
  });

  it('stops when the page moves on: the next idle period’s work is given back', () => {
    const idle = heldIdleCallbacks();
    try {
      computed.records.length = computed.views.length = computed.heatmaps.length = 0;
      const { unmount } = renderHook(() => useWarmViews(props(sixYears, 'day')));
      idle.runNext();
      expect(computed.records).toEqual(['hour']);
      expect(idle.waiting()).toBe(1);
      unmount();
      expect(idle.waiting()).toBe(0);
      expect(computed.records).toEqual(['hour']);
    } finally {
      idle.release();
    }
  });
});

describe('viewsToWarm', () => {
  const year2025 = { from: '2025-01-01', to: '2025-12-31' };
  const berlin2025 = { start: Date.parse('2024-12-31T23:00:00Z'), end: Date.parse('2025-12-31T23:00:00Z') };
  const shown = { range: year2025, ...berlin2025, aggregation: 'raw' as const, timeZone: 'Europe/Berlin' };

  it('adds the range a step back and in UTC when the values loaded hold them', () => {
    const threeYears = {
      records: [],
      start: Date.parse('2023-12-30T22:00:00Z'),
      end: Date.parse('2027-01-02T02:00:00Z'),
    };
    const views = viewsToWarm(threeYears, shown);
    expect(views.map((view) => view.aggregation)).toEqual([
      'hour',
      'day',
      'week',
      'month',
      'year',
      'raw',
      'raw',
    ]);
    expect(views[5]).toEqual({
      start: Date.parse('2023-12-31T23:00:00Z'),
      end: Date.parse('2024-12-31T23:00:00Z'),
      aggregation: 'raw',
      timeZone: 'Europe/Berlin',
    });
    expect(views[6]).toEqual({
      start: Date.parse('2025-01-01T00:00:00Z'),
      end: Date.parse('2026-01-01T00:00:00Z'),
      aggregation: 'raw',
      timeZone: 'UTC',
    });
  });

  it('leaves out what the values loaded do not hold: the year before a single loaded year', () => {
    const oneYear = {
      records: [],
      start: Date.parse('2024-12-30T22:00:00Z'),
      end: Date.parse('2026-01-02T02:00:00Z'),
    };
    const views = viewsToWarm(oneYear, shown);
    expect(views.filter((view) => view.start < berlin2025.start - 86_400_000)).toEqual([]);
    expect(views.at(-1)).toMatchObject({ aggregation: 'raw', timeZone: 'UTC' });
  });
});
