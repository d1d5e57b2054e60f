import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consoleRoute } from '../../app/console-route.tsx';
import { loadAccountCatalogue } from './account-catalogue.ts';

/** One's own password, passkeys and sessions; every role, SSO staff too. */
export const accountRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/account',
  loader: loadAccountCatalogue,
  component: lazyRouteComponent(() => import('./account-page.tsx'), 'AccountPage'),
});
