import { z } from 'zod/mini';

/** A bulk page's URL names the campaign it shows, so its progress survives a reload. */
export const bulkSearchSchema = z.object({ campaign: z.catch(z.optional(z.uuid()), undefined) });
