import { createRoute } from '@tanstack/react-router';
import type { z } from 'zod/mini';
import type { chargesSearchSchema } from '../features/charges/charges-search.ts';
import { loadRecordsCatalogue } from '../features/records/records-catalogue.ts';
import { addressSearch } from '../lib/route-search.ts';
import { consoleRoute } from './console-route.tsx';
import { withFindSlots } from './with-find-slots.tsx';

/** Composes the charges form with the records feature's reversal (see charges-route-page.tsx). */
export const chargesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/producers/charges',
  validateSearch: addressSearch<z.input<typeof chargesSearchSchema>>(),
  // A reversal's notice speaks the record pages' words.
  loaderDeps: ({ search }) => ({ reversing: search.reverse !== undefined }),
  loader: ({ deps }) => (deps.reversing ? loadRecordsCatalogue() : undefined),
  component: withFindSlots(() =>
    import('./charges-route-page.tsx').then((module) => module.ChargesRoutePage),
  ),
});
