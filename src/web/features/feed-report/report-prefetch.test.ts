// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedQueryKey } from './api/get-feed.ts';
import { rawParams } from './loaded-raw.ts';
import { prefetchReportFeed } from './report-prefetch.ts';
import type { ReportSearch } from './report-search.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const contract = { user: 'P1000', contract: 'C1000' };
let client: QueryClient;
const askedKeys = () =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);

beforeEach(() => {
  client = new QueryClient();
  // The fetch never answers: what is asked for is in the cache from the moment it is asked.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('prefetchReportFeed', () => {
  it("asks for a URL's raw range padded for every zone, as the page does", () => {
    const search: ReportSearch = { ...contract, from: '2025-01-01', to: '2025-12-31', agg: 'raw' };
    prefetchReportFeed(client, search, NOW);
    const range = { from: '2025-01-01', to: '2025-12-31' };
    expect(askedKeys()).toEqual([feedQueryKey(rawParams('P1000', 'C1000', range))]);
  });

  it("asks for the view's aggregate in its zone when the view is not raw values", () => {
    prefetchReportFeed(
      client,
      { ...contract, from: '2025-03-01', to: '2025-03-31', agg: 'day', tz: 'UTC' },
      NOW,
    );
    expect(askedKeys()).toEqual([
      ['feed', 'P1000', 'C1000', '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', 'day', 'UTC'],
    ]);
  });

  it('asks for the last seven days by default, in Berlin', () => {
    prefetchReportFeed(client, contract, NOW);
    expect(askedKeys()).toEqual([
      ['feed', 'P1000', 'C1000', '2026-11-17T23:00:00Z', '2026-11-24T23:00:00Z', 'day', 'Europe/Berlin'],
    ]);
  });

  it('asks for nothing the page would confirm first (more than four years of raw values)', () => {
    prefetchReportFeed(client, { ...contract, from: '2020-01-01', to: '2025-12-31', agg: 'raw' }, NOW);
    expect(askedKeys()).toEqual([]);
  });

  it('asks for nothing without a producer and contract', () => {
    prefetchReportFeed(client, { user: 'P1000', from: '2025-01-01', to: '2025-12-31', agg: 'raw' }, NOW);
    expect(askedKeys()).toEqual([]);
  });

  it('asks for nothing that raw values already loaded cover', () => {
    const around = rawParams('P1000', 'C1000', { from: '2024-01-01', to: '2026-12-31' });
    client.setQueryData(feedQueryKey(around), []);
    prefetchReportFeed(client, { ...contract, from: '2025-01-01', to: '2025-12-31', agg: 'raw' }, NOW);
    prefetchReportFeed(client, { ...contract, from: '2025-03-01', to: '2025-03-31', agg: 'day' }, NOW);
    expect(askedKeys()).toEqual([feedQueryKey(around)]);
  });
});
