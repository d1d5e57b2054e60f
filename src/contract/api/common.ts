import { z } from 'zod/mini';
import { isIsoDate } from '../calendar-date.ts';

/** DRF-style messages: the vendor's field errors read like Django REST framework's. */
export const MESSAGES = {
  required: 'This field is required.',
  dateFormat: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  dateTimeFormat: 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm:ssZ.',
} as const;

export const isoDateSchema = z
  .string()
  .check(z.refine((value) => isIsoDate(value), { message: MESSAGES.dateFormat }))
  .clone()
  .register(z.globalRegistry, { format: 'date', example: '2026-12-01' });

/** `YYYY-MM-DDTHH:MM:SSZ` (fractions of a second tolerated), UTC only. */
export const utcDateTimeSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, { message: MESSAGES.dateTimeFormat }),
    z.refine((value) => !Number.isNaN(Date.parse(value)) && isIsoDate(value.slice(0, 10)), {
      message: MESSAGES.dateTimeFormat,
    }),
  )
  .clone()
  .register(z.globalRegistry, { format: 'date-time', example: '2026-01-01T00:00:00Z' });

/** Request bodies over 1 MB answer 413, at the BFF and at the sandbox alike. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Path parameters `userID` and `contractID` (spec section 4). */
export const PATH_ID_PATTERN = /^[\w-]+$/;
/** A path parameter as the API routes it: the pattern alone, so an unknown ID of any length is a 404. */
export const pathParameterSchema = z.string().check(z.regex(PATH_ID_PATTERN));
/** An ID as staff and files give it: a path parameter of at most 64 characters. */
export const pathIdSchema = pathParameterSchema.check(z.maxLength(64));

export const detailErrorSchema = z
  .object({ detail: z.string() })
  .clone()
  .register(z.globalRegistry, { id: 'DetailError' });
export type DetailError = z.infer<typeof detailErrorSchema>;

/** `{field: [message, ...]}`; nested fields are keyed by their dotted path. */
export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .clone()
  .register(z.globalRegistry, { id: 'FieldErrors' });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** A bounded free-text string (every string the platform stores has a bound). */
export function boundedString(max: number) {
  return z.string().check(z.maxLength(max));
}

/** The API's list envelope (spec 5.4): `next`/`previous` are absolute URLs or null. */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    count: z.int().check(z.minimum(0)),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    results: z.array(item),
  });
}
