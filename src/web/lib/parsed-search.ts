import { useMemo } from 'react';
import type { z } from 'zod/mini';

/**
 * A route's query read with its schema, in the page's code (the route keeps it unchecked: route-search.ts).
 * Read again only when the address changes: the router hands the same object until then.
 */
export function useParsedSearch<Schema extends z.ZodMiniType>(
  schema: Schema,
  search: unknown,
): z.output<Schema> {
  return useMemo(() => schema.parse(search), [schema, search]);
}
