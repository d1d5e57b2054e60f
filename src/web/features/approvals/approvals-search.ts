import { z } from 'zod/mini';

/**
 * The list's URL: which requests (pending ones when not said, so the link in the navigation is the work
 * to do) and the page, read by the list's page. The status is checked in `approval-filter.ts` against the
 * contract's list. Unreadable values fall back to the default rather than breaking the page.
 */
export const approvalsSearchSchema = z.object({
  status: z.catch(z.optional(z.string().check(z.maxLength(20))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))), undefined),
});
export type ApprovalsSearch = z.infer<typeof approvalsSearchSchema>;
