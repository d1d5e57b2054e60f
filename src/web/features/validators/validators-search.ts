import { z } from 'zod/mini';

/** A value to check, filled in from the command palette ("check IBAN …"). */
export const validatorsSearchSchema = z.object({
  iban: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  marketLocation: z.catch(z.optional(z.string().check(z.maxLength(32))), undefined),
});
