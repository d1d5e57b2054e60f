import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import { consoleRoute } from '../../app/console-route.tsx';
import { addressSearch } from '../../lib/route-search.ts';
import type { validatorsSearchSchema } from './validators-search.ts';

export const validatorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/tools/validators',
  validateSearch: addressSearch<z.input<typeof validatorsSearchSchema>>(),
  component: lazyRouteComponent(() => import('./validators-route-page.tsx'), 'ValidatorsRoutePage'),
});
