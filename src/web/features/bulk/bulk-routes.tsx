import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import { consoleRoute } from '../../app/console-route.tsx';
import { addressSearch } from '../../lib/route-search.ts';
import type { bulkSearchSchema } from './bulk-search.ts';

/** Both kinds of campaign have one page (and chunk), so one file for both routes. */
const bulkSearch = addressSearch<z.input<typeof bulkSearchSchema>>();
// Not the routes' components themselves: the layout shows at once while the page's code loads (validators-route.tsx).
const BulkChargesRoutePage = lazyRouteComponent(
  () => import('./bulk-route-pages.tsx'),
  'BulkChargesRoutePage',
);
const BulkMigrationsRoutePage = lazyRouteComponent(
  () => import('./bulk-route-pages.tsx'),
  'BulkMigrationsRoutePage',
);

export const bulkChargesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk/charges',
  validateSearch: bulkSearch,
  component: function BulkChargesRoute() {
    return <BulkChargesRoutePage />;
  },
});

export const bulkMigrationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk/migrations',
  validateSearch: bulkSearch,
  component: function BulkMigrationsRoute() {
    return <BulkMigrationsRoutePage />;
  },
});
