import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import { consoleRoute } from '../../app/console-route.tsx';
import { addressSearch } from '../../lib/route-search.ts';
import type { bulkSearchSchema } from './bulk-search.ts';

/** Both kinds of campaign have one page (and chunk), so one file for both routes. */
const bulkSearch = addressSearch<z.input<typeof bulkSearchSchema>>();

export const bulkChargesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk/charges',
  validateSearch: bulkSearch,
  component: lazyRouteComponent(() => import('./bulk-route-pages.tsx'), 'BulkChargesRoutePage'),
});

export const bulkMigrationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk/migrations',
  validateSearch: bulkSearch,
  component: lazyRouteComponent(() => import('./bulk-route-pages.tsx'), 'BulkMigrationsRoutePage'),
});
