import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadRecordsCatalogue } from '../features/records/records-catalogue.ts';
import { loadSharedReportsCatalogue } from '../features/shared-reports/shared-reports-catalogue.ts';
import { consoleRoute } from './console-route.tsx';

/*
 * The console's records (issue 29): a consumer, a contract, any record — reached from search and links,
 * not from the navigation; every role reads them (viewers with bank data masked). One chunk for the three
 * (record-route-pages.tsx, which hands them the migration feature's views), so one file for the three.
 */
export const consumerRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consumers/$userID',
  loader: loadRecordsCatalogue,
  component: lazyRouteComponent(() => import('./record-route-pages.tsx'), 'ConsumerRoutePage'),
});

export const contractRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/producers/$userID/contracts/$contractID',
  // The contract's shared report links are on its page too (issue 46).
  loader: () => Promise.all([loadRecordsCatalogue(), loadSharedReportsCatalogue()]),
  component: lazyRouteComponent(() => import('./record-route-pages.tsx'), 'ContractRoutePage'),
});

export const recordRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/records/$id',
  loader: loadRecordsCatalogue,
  component: lazyRouteComponent(() => import('./record-route-pages.tsx'), 'RecordRoutePage'),
});
