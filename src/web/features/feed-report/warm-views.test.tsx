// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FeedRecord } from '../../../contract/api/feed.ts';
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
vi.mock('./duration-curve.ts', () => ({
  durationCurve: (rows: string[]) => computed.heatmaps.push(`curve of ${rows[0]}`),
}));
vi.mock('./cumulative-sum.ts', () => ({
  runningSums: (rows: string[]) => computed.heatmaps.push(`sums of ${rows[0]}`),
  tabledIndexes: (rows: string[], aggregation: string) =>
    computed.heatmaps.push(`table of ${rows[0]} by ${aggregation}`),
}));
vi.mock('./heatmap-cells.ts', () => ({
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
vi.mock('../../lib/time-zone-names.ts', () => ({ browserTimeZone: () => 'Europe/Berlin' }));
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

  it('leaves out what would be too many points, and stops when the page moves on', async () => {
    computed.records.length = computed.views.length = computed.heatmaps.length = 0;
    // Six years: raw values are over the limit (they would ask first), hours are not.
    const { unmount } = renderHook(() =>
      useWarmViews(props({ from: '2020-01-01', to: '2025-12-31' }, 'day')),
    );
    await waitFor(() => expect(computed.records.length).toBeGreaterThan(0));
    unmount();
    const seen = computed.records.length;
    expect(seen).toBeLessThan(4); // hour, week, month and year would follow, one per idle period
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(computed.records).toHaveLength(seen);
    expect(computed.records).not.toContain('raw');
    expect(computed.records).not.toContain('day');
    expect(computed.heatmaps).toEqual([]);
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
