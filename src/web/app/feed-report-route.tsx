import { createRoute } from '@tanstack/react-router';
import { loadFeedReportCatalogue } from '../features/feed-report/feed-report-catalogue.ts';
import { loadSharedReportsCatalogue } from '../features/shared-reports/shared-reports-catalogue.ts';
import { loadCharts } from '../features/feed-report/chart/load-charts.ts';
import { FEED_REPORT_PATH, prefetchOnEnteringReport } from '../features/feed-report/report-route-prefetch.ts';
import type { z } from 'zod/mini';
import type { reportSearchSchema } from '../features/feed-report/data/report-search.ts';
import { addressSearch } from '../lib/route-search.ts';
import { consoleRoute } from './console-route.tsx';
import { withFindSlots } from './with-find-slots.tsx';

/** The feed-in report with what finding things adds to it (composed here: see with-find-slots.tsx). */
export const feedReportRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: FEED_REPORT_PATH,
  validateSearch: addressSearch<z.input<typeof reportSearchSchema>>(),
  // The first feed values are asked for as the report is entered, beside its code (issue 30's first draw).
  beforeLoad: ({ context, search, cause }) => {
    if (cause === 'enter') prefetchOnEnteringReport(context.queryClient, search);
  },
  // The charts' library (~83 KB gzip) beside the page's code: the page draws its chart when it arrives.
  loader: () => {
    loadCharts().catch(() => undefined);
    return Promise.all([loadFeedReportCatalogue(), loadSharedReportsCatalogue()]);
  },
  component: withFindSlots(() =>
    Promise.all([import('../features/feed-report/feed-report-page.tsx'), import('./report-share.tsx')]).then(
      ([page, sharing]) => sharing.withReportSharing(page.FeedReportPage),
    ),
  ),
});
