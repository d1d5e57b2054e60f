import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, type FeedParams } from '../api/get-feed.ts';
import { feedKeys } from './feed-keys.ts';
import { rawParams } from './loaded-raw.ts';
import { reportFetch } from './report-fetch.ts';
import { dateIn, MAX_POINTS, pointCount, rangeDays, rangeProblem, type DateRange } from './report-range.ts';
import { reportSearchSchema, type ReportSearch } from './report-search.ts';
import { DEFAULT_ZONE, knownZone, reportState } from './report-state.ts';

const VALUES_PER_DAY = 96;
// A range's raw values counted as whole days differ from any zone's count by less than this (two days).
const ZONE_COUNT_MARGIN = 2 * VALUES_PER_DAY;

/**
 * The report's first fetch, started by the route as it is entered, beside the page's code instead of after
 * it has loaded and rendered (a raw year's values then arrive while the chart library still loads). It asks
 * for exactly what the page asks for first, into the same cache entry: raw values for `agg=raw`, else the
 * view's aggregate. Nothing is asked for a range the page would not load without a confirmation, or that
 * raw values already loaded cover. The address's values are read here, as the page reads them.
 */
export function prefetchReportFeed(client: QueryClient, addressSearch: unknown, now: number): void {
  const search = reportSearchSchema.parse(addressSearch);
  const { user, contract } = search;
  if (!user || !contract) return;
  const params =
    rawOnFreshPage(client, search, user, contract) ?? viewParams(client, search, user, contract, now);
  // A failure is the page's to show: its own query asks again and says why.
  if (params) client.prefetchQuery(feedQueryOptions(params)).catch(() => undefined);
  // The page's first check of its zone makes the zone's formatter (ICU, 17-30 ms): made now, in a task of its
  // own while the values load, and kept (zone-offsets.ts) for the page.
  setTimeout(() => knownZone(search), 0);
}

/**
 * Leaving the report stops the feed fetches no page is reading: the early fetch of a report left before its
 * code arrived would otherwise go on loading up to a year of values beside the next page's requests. Fetches
 * a page reads are stopped by TanStack Query itself when the page unmounts (they pass on its signal).
 */
export function stopUnreadReportFeeds(client: QueryClient): Promise<void> {
  return client.cancelQueries({
    queryKey: feedKeys.all,
    predicate: (query) => query.getObserversCount() === 0,
  });
}

/**
 * Raw values of a range given in the URL, on a page holding no values of the contract yet: no zone is
 * needed (the browser's first use of a zone costs it 17–70 ms of set-up, which would hold the fetch back).
 */
function rawOnFreshPage(
  client: QueryClient,
  search: ReportSearch,
  user: string,
  contract: string,
): FeedParams | null {
  const { agg, from, to } = search;
  if (agg !== 'raw' || !from || !to || rangeProblem({ from, to })) return null;
  // Values held, not entries: an early fetch stopped on leaving leaves an entry without data behind.
  if (
    client
      .getQueriesData({ queryKey: feedKeys.contract(user, contract) })
      .some(([, data]) => data !== undefined)
  )
    return null;
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
  const points = pointCount(state.range, state.aggregation, state.timeZone);
  // Nothing beyond the limit: the page asks the user first.
  return reportFetch(client, user, contract, state, points, () => false).first;
}
