import { z } from 'zod';

/**
 * The list's URL: which requests (pending ones when not said, so the link in the navigation is the work
 * to do) and the page. The router reads it with the shell, so the status is checked in the page's
 * chunk (`approval-filter.ts`), not against the contract's list here. Unreadable values fall back to the
 * default rather than breaking the page.
 */
export const approvalsSearchSchema = z.object({
  status: z.string().max(20).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type ApprovalsSearch = z.infer<typeof approvalsSearchSchema>;
