import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { consoleRoute } from '../../app/console-route.tsx';

/** A value to check, filled in from the command palette ("check IBAN …"). */
const validatorsSearchSchema = z.object({
  iban: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  marketLocation: z.catch(z.optional(z.string().check(z.maxLength(32))), undefined),
});
const ValidatorsPage = lazyRouteComponent(() => import('./validators-page.tsx'), 'ValidatorsPage');

export const validatorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/tools/validators',
  validateSearch: validatorsSearchSchema,
  component: function ValidatorsRoute() {
    const search = validatorsRoute.useSearch();
    return <ValidatorsPage fill={search} />;
  },
});
