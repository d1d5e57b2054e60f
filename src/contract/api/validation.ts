import { z } from 'zod/mini';
import { isoDateSchema } from './common.ts';

export const ibanQuerySchema = z.object({ iban: z.string().check(z.maxLength(64)) });
export type IbanQuery = z.infer<typeof ibanQuerySchema>;

export const marketLocationQuerySchema = z.object({ market_location_id: z.string().check(z.maxLength(64)) });
export type MarketLocationQuery = z.infer<typeof marketLocationQuerySchema>;

/** customer_type and change_reason stay free strings: the endpoint answers unknown ones with `detail`. */
export const deliveryStartQuerySchema = z.object({
  preferred_delivery_start: isoDateSchema,
  customer_type: z.string().check(z.maxLength(64)),
  change_reason: z.string().check(z.maxLength(64)),
});
export type DeliveryStartQuery = z.infer<typeof deliveryStartQuerySchema>;

export const deliveryStartErrorSchema = z
  .object({ detail: z.string(), earliest_possible_delivery_start: z.optional(isoDateSchema) })
  .clone()
  .register(z.globalRegistry, { id: 'DeliveryStartError' });
export type DeliveryStartError = z.infer<typeof deliveryStartErrorSchema>;
