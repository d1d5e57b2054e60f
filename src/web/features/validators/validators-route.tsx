import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { consoleRoute } from '../../app/console-route.tsx';

/** A value to check, filled in from the command palette ("check IBAN …"). */
const validatorsSearchSchema = z.object({
  iban: z.string().max(64).optional().catch(undefined),
  marketLocation: z.string().max(32).optional().catch(undefined),
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
