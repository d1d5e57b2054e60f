import { z } from 'zod/mini';
import { SSO_OUTCOMES } from '../../../contract/bff-api.ts';

/** `/sign-in?redirect&expired&sso`: where to go after, why the session ended; a value it cannot read is dropped. */
export const signInSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string().check(z.maxLength(2000))), undefined),
  expired: z.catch(z.optional(z.boolean()), undefined),
  /** Why an SSO sign-in came back without a session; anything else is ignored. */
  sso: z.catch(z.optional(z.enum(SSO_OUTCOMES)), undefined),
});
