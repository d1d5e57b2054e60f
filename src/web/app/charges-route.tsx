import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { loadRecordsCatalogue } from '../features/records/records-catalogue.ts';
import { consoleRoute } from './console-route.tsx';
import { withFindSlots } from './with-find-slots.tsx';

/** `?user=P1000&contract=C1000` opens a page for that producer contract (links from other pages). */
const contractSearchSchema = z.object({
  user: z.optional(z.string().check(z.maxLength(64))),
  contract: z.optional(z.string().check(z.maxLength(64))),
});

/** The charges form; `?reverse={recordId}` fills it with that booking's reversal (from a contract's page). */
const chargesSearchSchema = z.extend(contractSearchSchema, {
  // A number as the router reads `?reverse=42` (kept one, so the address stays as written); anything else
  // as text, for the page to say there is no such booking.
  reverse: z.catch(
    z.optional(z.union([z.int().check(z.nonnegative()), z.string().check(z.maxLength(64))])),
    undefined,
  ),
});

/** Composes the charges form with the records feature's reversal (see charges-route-page.tsx). */
export const chargesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/producers/charges',
  validateSearch: chargesSearchSchema,
  // A reversal's notice speaks the record pages' words.
  loaderDeps: ({ search }) => ({ reverse: search.reverse }),
  loader: ({ deps }) => (deps.reverse === undefined ? undefined : loadRecordsCatalogue()),
  component: withFindSlots(() =>
    import('./charges-route-page.tsx').then((module) => module.ChargesRoutePage),
  ),
});
