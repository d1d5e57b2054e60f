import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadAdminCatalogue } from './admin-catalogue.ts';
import { adminRoute } from '../../app/admin-route.tsx';

export const accountsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin/accounts',
  loader: loadAdminCatalogue,
  component: lazyRouteComponent(() => import('./accounts-page.tsx'), 'AccountsPage'),
});
