// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FeedRecord } from '../../../contract/api/feed.ts';

const computed = vi.hoisted(() => ({ records: [] as string[], views: [] as string[] }));
vi.mock('./loaded-raw.ts', () => ({
  recordsFromRaw: (_raw: unknown, _start: number, _end: number, aggregation: string) => {
    computed.records.push(aggregation);
    return [aggregation];
  },
}));
vi.mock('./report-view.ts', () => ({
  reportView: (records: string[]) => {
    computed.views.push(records[0]!);
    return {};
  },
}));
const { useWarmAggregations } = await import('./warm-views.ts');

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

describe('useWarmAggregations', () => {
  it("computes the range's other aggregations, hours first, each with its report view", async () => {
    computed.records.length = computed.views.length = 0;
    renderHook(() => useWarmAggregations(props({ from: '2025-01-01', to: '2025-12-31' }, 'raw')));
    await waitFor(() => expect(computed.views).toHaveLength(5));
    expect(computed.records).toEqual(['hour', 'day', 'week', 'month', 'year']);
    expect(computed.views).toEqual(computed.records);
  });

  it('leaves out what would be too many points, and stops when the page moves on', async () => {
    computed.records.length = computed.views.length = 0;
    // Six years: raw values are over the limit (they would ask first), hours are not.
    const { unmount } = renderHook(() =>
      useWarmAggregations(props({ from: '2020-01-01', to: '2025-12-31' }, 'day')),
    );
    await waitFor(() => expect(computed.records.length).toBeGreaterThan(0));
    unmount();
    const seen = computed.records.length;
    expect(seen).toBeLessThan(4); // hour, week, month and year would follow, one per idle period
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(computed.records).toHaveLength(seen);
    expect(computed.records).not.toContain('raw');
    expect(computed.records).not.toContain('day');
  });
});
