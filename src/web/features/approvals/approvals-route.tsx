import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consoleRoute } from '../../app/console-route.tsx';
import { loadApprovalsCatalogue } from './approvals-catalogue.ts';
import { approvalsSearchSchema } from './approvals-search.ts';

export const approvalsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/approvals',
  validateSearch: approvalsSearchSchema,
  loader: loadApprovalsCatalogue,
  component: lazyRouteComponent(() => import('./approvals-page.tsx'), 'ApprovalsPage'),
});
