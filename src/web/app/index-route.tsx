import { createRoute, redirect } from '@tanstack/react-router';
import { consoleRoute } from './console-route.tsx';

/** The console's start page is the validators. */
export const indexRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/tools/validators' });
  },
});
