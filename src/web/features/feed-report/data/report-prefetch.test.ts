// @vitest-environment happy-dom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedKeys } from './feed-keys.ts';
import { rawParams } from './loaded-raw.ts';
import { prefetchReportFeed, stopUnreadReportFeeds } from './report-prefetch.ts';
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
    expect(askedKeys()).toEqual([feedKeys.range(rawParams('P1000', 'C1000', range))]);
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

  it('reads the address as the page does: a value it cannot read falls back to its default', () => {
    // As the router hands the query over: numbers where a value parses as JSON, anything else as text.
    prefetchReportFeed(
      client,
      { ...contract, from: 20250301, to: '2025-03-31', agg: 'bogus', tz: 'UTC' },
      NOW,
    );
    // No readable start: the last seven days by day, as the page opens without a range; the zone is kept.
    expect(askedKeys()).toEqual([
      ['feed', 'P1000', 'C1000', '2026-11-18T00:00:00Z', '2026-11-25T00:00:00Z', 'day', 'UTC'],
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
    client.setQueryData(feedKeys.range(around), []);
    prefetchReportFeed(client, { ...contract, from: '2025-01-01', to: '2025-12-31', agg: 'raw' }, NOW);
    prefetchReportFeed(client, { ...contract, from: '2025-03-01', to: '2025-03-31', agg: 'day' }, NOW);
    expect(askedKeys()).toEqual([feedKeys.range(around)]);
  });
});

describe("prefetchReportFeed and the page's zone", () => {
  it("makes the zone's formatter after the fetch has left, in a task of its own", () => {
    vi.useFakeTimers();
    const zones: string[] = [];
    const { DateTimeFormat } = Intl;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale, options) {
      if (options?.timeZone) zones.push(options.timeZone);
      return new DateTimeFormat(locale, options);
    });
    try {
      prefetchReportFeed(
        client,
        { ...contract, from: '2025-01-01', to: '2025-12-31', agg: 'raw', tz: 'Asia/Kolkata' },
        NOW,
      );
      expect(askedKeys()).toHaveLength(1);
      expect(zones).not.toContain('Asia/Kolkata');
      vi.runOnlyPendingTimers();
      expect(zones).toContain('Asia/Kolkata');
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});

describe('stopUnreadReportFeeds', () => {
  const search: ReportSearch = { ...contract, from: '2025-01-01', to: '2025-12-31', agg: 'raw' };
  const key = feedKeys.range(rawParams('P1000', 'C1000', { from: '2025-01-01', to: '2025-12-31' }));

  it('stops an early fetch no page came to read: its requests are aborted, no values are kept', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (request: Request) => {
      signals.push(request.signal);
      return new Promise(() => undefined);
    });
    prefetchReportFeed(client, search, NOW);
    await vi.waitFor(() => expect(signals.length).toBeGreaterThan(0));
    await stopUnreadReportFeeds(client);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(client.getQueryState(key)).toMatchObject({ fetchStatus: 'idle', data: undefined });
    // Back on the report, the stopped entry does not count as values held: the same early fetch asks again.
    signals.length = 0;
    prefetchReportFeed(client, search, NOW);
    await vi.waitFor(() => expect(signals.length).toBeGreaterThan(0));
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
  });

  it('leaves a fetch a page reads to the page', async () => {
    prefetchReportFeed(client, search, NOW);
    const reading = new QueryObserver(client, { queryKey: key, enabled: false });
    const stopReading = reading.subscribe(() => undefined);
    await stopUnreadReportFeeds(client);
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
    stopReading();
  });
});
