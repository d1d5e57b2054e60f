import { createRoute } from '@tanstack/react-router';
import { consoleRoute } from './console-route.tsx';
import { withFindSlots } from './with-find-slots.tsx';

/** The registration form with what finding things adds to it (composed here: see with-find-slots.tsx). */
export const technicalResourcesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/master-data/technical-resources',
  component: withFindSlots(() =>
    import('../features/technical-resources/register-technical-resource-page.tsx').then(
      (module) => module.RegisterTechnicalResourcePage,
    ),
  ),
});
