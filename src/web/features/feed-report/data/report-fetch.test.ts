import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { feedKeys } from './feed-keys.ts';
import { rawParams } from './loaded-raw.ts';
import { reportFetch } from './report-fetch.ts';
import { pointCount } from './report-range.ts';
import type { ReportState } from './report-state.ts';

const client = new QueryClient();
afterEach(() => client.clear());

const state = (from: string, to: string, aggregation: ReportState['aggregation']): ReportState => ({
  range: { from, to },
  aggregation,
  timeZone: 'Europe/Berlin',
  compare: undefined,
  capacityKw: null,
});
const fetchFor = (shown: ReportState, confirmed = false) =>
  reportFetch(
    client,
    'P1000',
    'C1000',
    shown,
    pointCount(shown.range, shown.aggregation, shown.timeZone),
    () => confirmed,
  );

describe('reportFetch: what the page and the early fetch ask for first', () => {
  it('asks for the range’s raw values (padded for every zone) when raw values are shown', () => {
    const raw = fetchFor(state('2025-01-01', '2025-12-31', 'raw'));
    expect(raw.first).toBe(raw.rangeRaw);
    expect(raw.rangeRaw).toEqual(rawParams('P1000', 'C1000', { from: '2025-01-01', to: '2025-12-31' }));
  });

  it('asks for the view’s aggregate otherwise', () => {
    const days = fetchFor(state('2025-03-01', '2025-03-31', 'day'));
    expect(days.first).toBe(days.params);
    expect(feedKeys.range(days.params)).toEqual([
      'feed',
      'P1000',
      'C1000',
      '2025-02-28T23:00:00Z',
      '2025-03-31T22:00:00Z',
      'day',
      'Europe/Berlin',
    ]);
  });

  it('asks for nothing beyond the limit until the user confirms it', () => {
    const sixYears = state('2020-01-01', '2025-12-31', 'raw');
    expect(fetchFor(sixYears)).toMatchObject({ allowed: false, first: null });
    expect(fetchFor(sixYears, true)).toMatchObject({ allowed: true });
    expect(fetchFor(sixYears, true).first).not.toBeNull();
  });

  it('asks for nothing that raw values already loaded cover, and hands those out', () => {
    const loadedYear = rawParams('P1000', 'C1000', { from: '2025-01-01', to: '2025-12-31' });
    client.setQueryData(feedKeys.range(loadedYear), []);
    const march = fetchFor(state('2025-03-01', '2025-03-31', 'day'));
    expect(march.first).toBeNull();
    expect(march.cached?.start).toBe(Date.parse(loadedYear.start));
  });
});
