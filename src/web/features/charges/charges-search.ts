import { z } from 'zod/mini';

/**
 * `/producers/charges?user=P1000&contract=C1000` opens the form for that producer contract (links from other
 * pages); `?reverse={recordId}` fills it with that booking's reversal (from a contract's page). A value it
 * cannot read is dropped.
 */
export const chargesSearchSchema = z.object({
  // Text as written: the router reads `?contract=12345` as a number.
  user: z.catch(z.optional(z.coerce.string().check(z.maxLength(64))), undefined),
  contract: z.catch(z.optional(z.coerce.string().check(z.maxLength(64))), undefined),
  // A number as the router reads `?reverse=42` (kept one, so the address stays as written); anything else
  // as text, for the page to say there is no such booking.
  reverse: z.catch(
    z.optional(z.union([z.int().check(z.nonnegative()), z.string().check(z.maxLength(64))])),
    undefined,
  ),
});
