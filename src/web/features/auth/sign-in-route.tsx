import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import { rootRoute } from '../../app/root-route.tsx';
import { addressSearch } from '../../lib/route-search.ts';
import type { signInSearchSchema } from './sign-in-search.ts';

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: addressSearch<z.input<typeof signInSearchSchema>>(),
  // Its own chunk (with the form library): signed-in staff never load it (issue 30's initial-JS budget).
  component: lazyRouteComponent(() => import('./sign-in-route-page.tsx'), 'SignInRoute'),
});
