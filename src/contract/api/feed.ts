import { z } from 'zod/mini';
import { isKnownTimeZone, PERIOD_TYPES } from '../time-zone-periods.ts';
import { pageSchema, pathIdSchema, utcDateTimeSchema } from './common.ts';

export const AGGREGATION_TYPES = [...PERIOD_TYPES, 'raw'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];
export const FEED_DEFAULT_LIMIT = 1000;
export const FEED_MAX_LIMIT = 10000;
export const END_AFTER_START = 'end must be after start.';

const integerParam = (minimum: number) =>
  z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, { message: 'A valid integer is required.' })),
      z.transform(Number),
    ),
    z
      .number()
      .check(z.minimum(minimum, { message: `Ensure this value is greater than or equal to ${minimum}.` })),
  );

/** Spec 4.2 query, as strings off the wire; parsed into instants and numbers. */
export const feedQuerySchema = z
  .object({
    start: utcDateTimeSchema,
    end: utcDateTimeSchema,
    aggregation_type: z._default(z.enum(AGGREGATION_TYPES), 'raw'),
    timezone: z
      ._default(z.string(), 'Europe/Berlin')
      .check(
        z.refine(isKnownTimeZone, { message: 'Select a valid IANA time zone name (e.g. Europe/Berlin).' }),
      ),
    limit: z.pipe(
      z.optional(integerParam(1)),
      z.transform((limit) => Math.min(limit ?? FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT)),
    ),
    offset: z.pipe(
      z.optional(integerParam(0)),
      z.transform((offset) => offset ?? 0),
    ),
  })
  .check(
    z.superRefine((query, ctx) => {
      const bothWellFormed = [query.start, query.end].every(
        (value) => utcDateTimeSchema.safeParse(value).success,
      );
      if (bothWellFormed && Date.parse(query.end) <= Date.parse(query.start)) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: END_AFTER_START });
      }
    }),
  );
export type FeedQuery = z.output<typeof feedQuerySchema>;
export type FeedQueryInput = z.input<typeof feedQuerySchema>;

export const feedRecordSchema = z
  .object({
    start: z.string(),
    end: z.string(),
    energy_kwh: z.number(),
    sample_count: z.int().check(z.minimum(0)),
  })
  .clone()
  .register(z.globalRegistry, { id: 'FeedRecord' });
export type FeedRecord = z.infer<typeof feedRecordSchema>;

export const feedPageSchema = pageSchema(feedRecordSchema)
  .clone()
  .register(z.globalRegistry, { id: 'FeedPage' });
export type FeedPage = z.infer<typeof feedPageSchema>;

/** The feed-in report's contract: the path parameters of the feed-in list. */
export const producerContractPathSchema = z.object({ user_id: pathIdSchema, contract_id: pathIdSchema });
export type ProducerContractPath = z.infer<typeof producerContractPathSchema>;
