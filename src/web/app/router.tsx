import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import {
  loadReportPrefetchOnOpen,
  stopReportFeedsOnLeaving,
} from '../features/feed-report/report-route-prefetch.ts';
import { RouteError } from './route-error.tsx';
import { RoutePending } from './route-pending.tsx';
import { routeTree } from './route-tree.ts';

export function createAppRouter(queryClient: QueryClient) {
  // Opened on the report's address: the code of its first fetch loads beside the session check, so the
  // fetch starts as soon as the route is entered.
  loadReportPrefetchOnOpen(window.location.pathname);
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    // A page whose code (or session) takes longer than a blink shows the shell and a quiet "Loading…"
    // in the content area instead of a blank window. Its words fade in 0.1 s later still, so a page that
    // arrives by then never flashes them, and it is not held once the page is there.
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 100,
    defaultPendingMinMs: 0,
    defaultErrorComponent: RouteError,
  });
  // The page's own code loads beside the language catalogue and the session check, not once they are in
  // and the console's route has let it through: on a slow network that was a round trip more before the
  // page could draw (Lighthouse). A failed load is tried again when the route loads it.
  const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of matchedRoutes) router.loadRouteChunk(route)?.catch(() => undefined);
  router.subscribe('onResolved', ({ toLocation }) =>
    stopReportFeedsOnLeaving(queryClient, toLocation.pathname),
  );
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
