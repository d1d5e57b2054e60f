import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { SSO_OUTCOMES } from '../../../contract/bff-api.ts';
import { rootRoute } from '../../app/root-route.tsx';

const signInSearchSchema = z.object({
  redirect: z.optional(z.string().check(z.maxLength(2000))),
  expired: z.optional(z.boolean()),
  /** Why an SSO sign-in came back without a session; anything else is ignored. */
  sso: z.catch(z.optional(z.enum(SSO_OUTCOMES)), undefined),
});

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: signInSearchSchema,
  // Its own chunk (with the form library): signed-in staff never load it (issue 30's initial-JS budget).
  component: lazyRouteComponent(() => import('./sign-in-route-page.tsx'), 'SignInRoute'),
});
