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
import { operationPath } from '../../../../contract/api/operation-paths.ts';
import { feedKeys } from '../data/feed-keys.ts';

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
  const key = params ? JSON.stringify(feedKeys.range(params)) : '';
  return useSyncExternalStore(subscribe, () => progress.get(key));
}

/**
 * Pages in flight at once. The sandbox answers from running totals in memory, so a page costs formatting
 * and JSON on its one thread (PGlite is not asked again) and the browser's parsing: four keep both sides busy
 * (three raw years, 11 pages, come in three rounds) within the browser's six connections per host, leaving
 * two for the rest of the page.
 */
const PARALLEL_PAGES = 4;
const RAW_RESOLUTION_MS = 15 * 60_000;

/** How many records the range should hold: raw values at 15 minutes; aggregates fit a page or two. */
function expectedRecords(params: FeedParams): number {
  if (params.aggregation !== 'raw') return 0;
  return Math.ceil((Date.parse(params.end) - Date.parse(params.start)) / RAW_RESOLUTION_MS);
}

/**
 * Every record of the range. Raw values: the pages the range should hold are asked for at once (a page
 * beyond the values is empty and cheap), so a year arrives in one round instead of the first page's count
 * and then the rest; any page the count shows beyond them follows.
 */
export async function fetchAllRecords(params: FeedParams, signal: AbortSignal): Promise<FeedRecord[]> {
  const key = JSON.stringify(feedKeys.range(params));
  const path = `/api${operationPath('producers_contracts_feed_list', { userID: params.user, contractID: params.contract })}`;
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
  const pages: FeedRecord[][] = [];
  let loaded = 0;
  let total: number | null = null;
  const offsets = [0];
  for (let offset = FEED_MAX_LIMIT; offset < expectedRecords(params); offset += FEED_MAX_LIMIT)
    offsets.push(offset);
  let asked = 0;
  const worker = async () => {
    while (asked < offsets.length) {
      const offset = offsets[asked++]!;
      const answer = await page(offset);
      pages[offset / FEED_MAX_LIMIT] = answer.results;
      loaded += answer.results.length;
      if (total === null) {
        total = answer.count;
        for (let next = offsets.at(-1)! + FEED_MAX_LIMIT; next < total; next += FEED_MAX_LIMIT)
          offsets.push(next);
      }
      report(key, { loaded, total });
    }
  };
  // One worker per page known now, at most PARALLEL_PAGES; pages the count adds get workers of their own.
  while (asked < offsets.length)
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, offsets.length - asked) }, worker));
  return pages.flat();
}

export function feedQueryOptions(params: FeedParams) {
  return queryOptions({
    queryKey: feedKeys.range(params),
    queryFn: ({ signal }) => fetchAllRecords(params, signal),
    staleTime: 5 * 60_000,
    // Fetched records replace the old ones whole: comparing 105,216 records deeply cost a long task.
    structuralSharing: false,
    // A 404 (unknown contract) or 400 is an answer, not a hiccup.
    retry: false,
  });
}
