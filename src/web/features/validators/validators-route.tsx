import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import { consoleRoute } from '../../app/console-route.tsx';
import { addressSearch } from '../../lib/route-search.ts';
import type { validatorsSearchSchema } from './validators-search.ts';

const ValidatorsRoutePage = lazyRouteComponent(
  () => import('./validators-route-page.tsx'),
  'ValidatorsRoutePage',
);

export const validatorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/tools/validators',
  validateSearch: addressSearch<z.input<typeof validatorsSearchSchema>>(),
  // The route's component is not the lazy one: the console's layout shows at once and the page's place says it is
  // loading (a lazy route component held the whole first navigation pending, layout included).
  component: function ValidatorsRoute() {
    return <ValidatorsRoutePage />;
  },
});
