import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consoleRoute } from '../../app/console-route.tsx';
import { loadApprovalsCatalogue } from './approvals-catalogue.ts';
import type { z } from 'zod/mini';
import { addressSearch } from '../../lib/route-search.ts';
import type { approvalsSearchSchema } from './approvals-search.ts';

export const approvalsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/approvals',
  validateSearch: addressSearch<z.input<typeof approvalsSearchSchema>>(),
  loader: loadApprovalsCatalogue,
  component: lazyRouteComponent(() => import('./approvals-page.tsx'), 'ApprovalsPage'),
});
