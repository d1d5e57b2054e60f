import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  FEED_MAX_LIMIT,
  feedPageSchema,
  type AggregationType,
  type FeedPage,
  type FeedRecord,
} from '../../../../contract/api/feed.ts';
import { requestOk } from '../../../lib/api-client.ts';

export interface FeedParams {
  user: string;
  contract: string;
  start: string;
  end: string;
  aggregation: AggregationType;
  timeZone: string;
}

export interface FeedProgress {
  loaded: number;
  total: number | null;
}

// Progress per query key, outside React state so the fetch can report it without re-rendering the page.
const progress = new Map<string, FeedProgress>();
const listeners = new Set<() => void>();

function report(key: string, value: FeedProgress): void {
  progress.set(key, value);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFeedProgress(params: FeedParams | null): FeedProgress | undefined {
  const key = params ? JSON.stringify(feedQueryKey(params)) : '';
  return useSyncExternalStore(subscribe, () => progress.get(key));
}

export function feedQueryKey(params: FeedParams) {
  // Raw values do not depend on the zone (only the range's instants do, and those are in start/end).
  const timeZone = params.aggregation === 'raw' ? '' : params.timeZone;
  return [
    'feed',
    params.user,
    params.contract,
    params.start,
    params.end,
    params.aggregation,
    timeZone,
  ] as const;
}

// Two pages in flight: faster than one after another, without flooding the platform.
const PARALLEL_PAGES = 2;

/** Every record of the range: the first page gives the count, the rest are fetched by offset. */
export async function fetchAllRecords(params: FeedParams, signal: AbortSignal): Promise<FeedRecord[]> {
  const key = JSON.stringify(feedQueryKey(params));
  const path = `/api/v3/producers/${encodeURIComponent(params.user)}/contracts/${encodeURIComponent(params.contract)}/feed/`;
  const page = (offset: number) =>
    requestOk<FeedPage>('get', path, {
      searchParams: {
        start: params.start,
        end: params.end,
        aggregation_type: params.aggregation,
        timezone: params.timeZone,
        limit: String(FEED_MAX_LIMIT),
        offset: String(offset),
      },
      schema: feedPageSchema,
      signal,
    });
  report(key, { loaded: 0, total: null });
  const first = await page(0);
  const pages: FeedRecord[][] = [first.results];
  let loaded = first.results.length;
  report(key, { loaded, total: first.count });
  const offsets: number[] = [];
  for (let offset = FEED_MAX_LIMIT; offset < first.count; offset += FEED_MAX_LIMIT) offsets.push(offset);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < offsets.length) {
      const index = nextIndex++;
      const results = (await page(offsets[index]!)).results;
      pages[index + 1] = results;
      loaded += results.length;
      report(key, { loaded, total: first.count });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, offsets.length) }, worker));
  return pages.flat();
}

export function feedQueryOptions(params: FeedParams) {
  return queryOptions({
    queryKey: feedQueryKey(params),
    queryFn: ({ signal }) => fetchAllRecords(params, signal),
    staleTime: 5 * 60_000,
    // A 404 (unknown contract) or 400 is an answer, not a hiccup.
    retry: false,
  });
}
