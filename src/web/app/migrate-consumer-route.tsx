import { createRoute } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import type { migrateSearchSchema } from '../features/consumer-migration/migration-prefill.ts';
import { addressSearch } from '../lib/route-search.ts';
import { consoleRoute } from './console-route.tsx';
import { withFindSlots } from './with-find-slots.tsx';

/** The migration form with what finding things adds to it (composed here: see with-find-slots.tsx). */
export const migrateConsumerRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consumers/migrate',
  // A link's delivery address ("migrate another consumer at this address"): the page keeps what is valid.
  validateSearch: addressSearch<z.input<typeof migrateSearchSchema>>(),
  component: withFindSlots(() =>
    import('../features/consumer-migration/migrate-consumer-page.tsx').then(
      (module) => module.MigrateConsumerPage,
    ),
  ),
});
