import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadAdminCatalogue } from './admin-catalogue.ts';
import { adminRoute } from '../../app/admin-route.tsx';
import type { z } from 'zod/mini';
import { addressSearch } from '../../lib/route-search.ts';
import type { auditSearchSchema } from './audit-search.ts';

export const auditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin/audit',
  validateSearch: addressSearch<z.input<typeof auditSearchSchema>>(),
  loader: loadAdminCatalogue,
  component: lazyRouteComponent(() => import('./audit-page.tsx'), 'AuditPage'),
});
