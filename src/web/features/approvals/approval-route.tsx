import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consoleRoute } from '../../app/console-route.tsx';
import { loadApprovalsCatalogue } from './approvals-catalogue.ts';

const ApprovalPage = lazyRouteComponent(() => import('./approval-page.tsx'), 'ApprovalPage');

/** One request; an SSO approver who signs in again at the provider comes back here. */
export const approvalRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/approvals/$id',
  loader: loadApprovalsCatalogue,
  component: function ApprovalRoute() {
    const { id } = approvalRoute.useParams();
    return <ApprovalPage id={id} />;
  },
});
