import type { QueryClient } from '@tanstack/react-query';
import type { FeedParams } from '../api/get-feed.ts';
import { loadedRawCovering, rawParams, type LoadedRaw } from './loaded-raw.ts';
import { MAX_POINTS, rangeInstants } from './report-range.ts';
import { feedParams, type ReportState } from './report-state.ts';

/** What the report fetches for its state, and what it already holds. */
export interface ReportFetch {
  /** The view's aggregate as the API gives it. */
  params: FeedParams;
  /** The range's raw values (padded for every zone), which give every view of it. */
  rangeRaw: FeedParams;
  /** Within the limit of points, or confirmed by the user. */
  allowed: boolean;
  /** Raw values loaded before that cover the range: nothing is fetched. */
  cached: LoadedRaw | null;
  start: number;
  end: number;
  /** The first fetch: raw values for `raw`, else the view's aggregate; none when held or not allowed. */
  first: FeedParams | null;
}

/**
 * The one rule for what the report asks the API for first, shared by the page and the route's early
 * fetch (report-prefetch.ts), so the early fetch fills exactly the cache entry the page then reads.
 * `points` is the view's count of points (the page keeps it memoised); `confirmed` says whether the
 * user confirmed loading these params beyond the limit.
 */
export function reportFetch(
  client: QueryClient,
  user: string,
  contract: string,
  state: ReportState,
  points: number,
  confirmed: (params: FeedParams) => boolean,
): ReportFetch {
  const { range, aggregation, timeZone } = state;
  const params = feedParams(user, contract, state, range);
  const allowed = points <= MAX_POINTS || confirmed(params);
  const { start, end } = rangeInstants(range, timeZone);
  const cached = allowed ? loadedRawCovering(client, user, contract, start, end) : null;
  const rangeRaw = rawParams(user, contract, range);
  const first = allowed && !cached ? (aggregation === 'raw' ? rangeRaw : params) : null;
  return { params, rangeRaw, allowed, cached, start, end, first };
}
