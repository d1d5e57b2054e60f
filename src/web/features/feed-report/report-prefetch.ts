import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, type FeedParams } from './api/get-feed.ts';
import { loadedRawCovering, rawParams } from './loaded-raw.ts';
import {
  dateIn,
  MAX_POINTS,
  pointCount,
  rangeDays,
  rangeInstants,
  rangeProblem,
  type DateRange,
} from './report-range.ts';
import type { ReportSearch } from './report-search.ts';
import { DEFAULT_ZONE, feedParams, knownZone, reportState } from './report-state.ts';

const VALUES_PER_DAY = 96;
// A range's raw values counted as whole days differ from any zone's count by less than this (two days).
const ZONE_COUNT_MARGIN = 2 * VALUES_PER_DAY;

/**
 * The report's first fetch, started by the route as it is entered, beside the page's code instead of after
 * it has loaded and rendered (a raw year's values then arrive while the chart library still loads). It asks
 * for exactly what the page asks for first, into the same cache entry: raw values for `agg=raw`, else the
 * view's aggregate. Nothing is asked for a range the page would not load without a confirmation, or that
 * raw values already loaded cover.
 */
export function prefetchReportFeed(client: QueryClient, search: ReportSearch, now: number): void {
  const { user, contract } = search;
  if (!user || !contract) return;
  const params =
    rawOnFreshPage(client, search, user, contract) ?? viewParams(client, search, user, contract, now);
  // A failure is the page's to show: its own query asks again and says why.
  if (params) client.prefetchQuery(feedQueryOptions(params)).catch(() => undefined);
}

/**
 * Raw values of a range given in the URL, on a page holding no values of the contract yet: no zone is
 * needed (the browser's first use of a zone costs it 50–70 ms of set-up, which would hold the fetch back).
 */
function rawOnFreshPage(
  client: QueryClient,
  search: ReportSearch,
  user: string,
  contract: string,
): FeedParams | null {
  const { agg, from, to } = search;
  if (agg !== 'raw' || !from || !to || rangeProblem({ from, to })) return null;
  if (client.getQueriesData({ queryKey: ['feed', user, contract] }).length > 0) return null;
  const range: DateRange = { from, to };
  // Near the confirmation's bound the zone decides: the general path below asks.
  if (rangeDays(range) * VALUES_PER_DAY + ZONE_COUNT_MARGIN > MAX_POINTS) return null;
  return rawParams(user, contract, range);
}

function viewParams(
  client: QueryClient,
  search: ReportSearch,
  user: string,
  contract: string,
  now: number,
): FeedParams | null {
  const state = reportState(search, dateIn(now, knownZone(search) ?? DEFAULT_ZONE));
  const { range, aggregation, timeZone } = state;
  if (pointCount(range, aggregation, timeZone) > MAX_POINTS) return null;
  const { start, end } = rangeInstants(range, timeZone);
  if (loadedRawCovering(client, user, contract, start, end)) return null;
  return aggregation === 'raw' ? rawParams(user, contract, range) : feedParams(user, contract, state, range);
}
