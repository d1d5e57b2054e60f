import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadAdminCatalogue } from './admin-catalogue.ts';
import { adminRoute } from '../../app/admin-route.tsx';
import { auditSearchSchema } from './audit-search.ts';

export const auditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin/audit',
  validateSearch: auditSearchSchema,
  loader: loadAdminCatalogue,
  component: lazyRouteComponent(() => import('./audit-page.tsx'), 'AuditPage'),
});
