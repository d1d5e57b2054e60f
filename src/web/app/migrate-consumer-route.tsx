import { createRoute } from '@tanstack/react-router';
import { migrateSearchSchema } from '../features/consumer-migration/migration-prefill.ts';
import { consoleRoute } from './console-route.tsx';
import { withFindSlots } from './with-find-slots.tsx';

/** The migration form with what finding things adds to it (composed here: see with-find-slots.tsx). */
export const migrateConsumerRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consumers/migrate',
  // A link's delivery address ("migrate another consumer at this address"): validated, else dropped.
  validateSearch: migrateSearchSchema,
  component: withFindSlots(() =>
    import('../features/consumer-migration/migrate-consumer-page.tsx').then(
      (module) => module.MigrateConsumerPage,
    ),
  ),
});
