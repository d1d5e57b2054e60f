import type { QueryClient } from '@tanstack/react-query';
import { reportEntered } from './data/report-entered.ts';
import type * as ReportPrefetchModule from './data/report-prefetch.ts';

export const FEED_REPORT_PATH = '/reports/feed-in';

/*
 * What the report's route and the router do for its first draw (issue 30), in the console's first chunk:
 * only these lines, the early-fetch code itself is a chunk of its own.
 */
type ReportPrefetch = typeof ReportPrefetchModule;
let reportPrefetch: ReportPrefetch | undefined;
const loadReportPrefetch = () =>
  import('./data/report-prefetch.ts').then((module) => (reportPrefetch = module));
/**
 * Uses the report's early-fetch code at once when it has loaded (its requests then leave before the page's
 * ~30 chunks take the browser's six connections), else when it arrives; if it cannot load, the page's own
 * fetch asks, and says why if that fails.
 */
function withReportPrefetch(task: (module: ReportPrefetch) => unknown) {
  if (!reportPrefetch) {
    loadReportPrefetch().then(task, () => undefined);
    return;
  }
  try {
    task(reportPrefetch);
  } catch {
    // Run inside the route's beforeLoad: a slip here must not fail the report, whose page asks itself.
  }
}
let reportWasEntered = false;

/** Opened on the report's address: the code of its first fetch loads beside the session check. */
export function loadReportPrefetchOnOpen(pathname: string): void {
  if (pathname === FEED_REPORT_PATH) loadReportPrefetch().catch(() => undefined);
}

/** The route entered the report: its first feed values are asked for now, beside the page's code. */
export function prefetchOnEnteringReport(queryClient: QueryClient, search: unknown): void {
  reportWasEntered = true;
  const enteredAt = Date.now();
  reportEntered(enteredAt);
  withReportPrefetch(({ prefetchReportFeed }) => prefetchReportFeed(queryClient, search, enteredAt));
}

/**
 * Leaving the report stops the feed fetches no page reads, also when it is left before its page arrived
 * (the route's onLeave only follows a page that was shown).
 */
export function stopReportFeedsOnLeaving(queryClient: QueryClient, pathname: string): void {
  if (!reportWasEntered || pathname === FEED_REPORT_PATH) return;
  reportWasEntered = false;
  withReportPrefetch(({ stopUnreadReportFeeds }) => stopUnreadReportFeeds(queryClient));
}
