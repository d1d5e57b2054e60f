import { z } from 'zod';
import { isoDateSchema } from './common.ts';

export const ibanQuerySchema = z.object({ iban: z.string().max(64) });
export type IbanQuery = z.infer<typeof ibanQuerySchema>;

export const marketLocationQuerySchema = z.object({ market_location_id: z.string().max(64) });
export type MarketLocationQuery = z.infer<typeof marketLocationQuerySchema>;

/** customer_type and change_reason stay free strings: the endpoint answers unknown ones with `detail`. */
export const deliveryStartQuerySchema = z.object({
  preferred_delivery_start: isoDateSchema,
  customer_type: z.string().max(64),
  change_reason: z.string().max(64),
});
export type DeliveryStartQuery = z.infer<typeof deliveryStartQuerySchema>;

export const deliveryStartErrorSchema = z
  .object({ detail: z.string(), earliest_possible_delivery_start: isoDateSchema.optional() })
  .meta({ id: 'DeliveryStartError' });
export type DeliveryStartError = z.infer<typeof deliveryStartErrorSchema>;
