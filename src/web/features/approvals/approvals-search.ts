import { z } from 'zod/mini';

/**
 * The list's URL: which requests (pending ones when not said, so the link in the navigation is the work
 * to do) and the page. The router reads it with the shell, so the status is checked in the page's
 * chunk (`approval-filter.ts`), not against the contract's list here. Unreadable values fall back to the
 * default rather than breaking the page.
 */
export const approvalsSearchSchema = z.object({
  status: z.catch(z.optional(z.string().check(z.maxLength(20))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))), undefined),
});
export type ApprovalsSearch = z.infer<typeof approvalsSearchSchema>;
