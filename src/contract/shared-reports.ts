import { z } from 'zod/mini';
import { AGGREGATION_TYPES, feedRecordSchema } from './api/feed.ts';
import { pathIdSchema } from './api/common.ts';
import { addDays, isIsoDate, type IsoDate } from './calendar-date.ts';
import { rangeDayCount } from './shared-report-ranges.ts';
import { isKnownTimeZone } from './time-zone-periods.ts';

export {
  comparedRange,
  rangeDayCount,
  rangeQueryOf,
  rawRangeQueryOf,
  type SharedRange,
} from './shared-report-ranges.ts';

/**
 * Read-only links to one feed-in report for people outside the console (issue 46, decision 0047). Staff
 * create them with `POST /bff/shared-reports`; whoever holds the link reads `GET /shared/<token>` and its
 * data from `GET /shared/<token>/feed`, both without a session.
 */

/** The report's views (the same words as the report URL's `view`). */
export const SHARED_REPORT_VIEWS = ['chart', 'heatmap', 'duration', 'cumulative'] as const;
export const SHARED_REPORT_COMPARES = ['previous', 'year'] as const;

export const SHARED_REPORT_DEFAULT_DAYS = 30;
/** At most a year: a link is a standing permission to read a contract's values. */
export const SHARED_REPORT_MAX_DAYS = 365;
/** The longest range a link may show: a year (and a day for leap years), as the platform's pages stay few. */
export const SHARED_REPORT_MAX_RANGE_DAYS = 366;
export const SHARED_REPORT_NOTE_MAX = 200;

const DAY_MS = 24 * 60 * 60_000;
const isoDateSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date such as 2025-08-12.' }),
    z.refine(isIsoDate, { message: 'Use a date that exists, such as 2025-08-12.' }),
  );

/**
 * Why an expiry cannot be taken at `now`, or null. A date without a time means the end of that day in
 * UTC; the limit is a year from now.
 */
export function expiryProblem(expiresAt: string, now: number): string | null {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 'Use a date and time such as 2026-12-31T23:59:59Z.';
  if (at <= now) return 'The link must expire in the future.';
  if (at > now + (SHARED_REPORT_MAX_DAYS + 1) * DAY_MS) return 'A link may work for at most a year.';
  return null;
}

/** The default expiry: 30 days from `now`. */
export const defaultExpiry = (now: number): string =>
  new Date(now + SHARED_REPORT_DEFAULT_DAYS * DAY_MS).toISOString();

// No control characters in a note: it is shown to staff and stored as text (PostgreSQL refuses NUL).
const noteSchema = z.string().check(
  z.trim(),
  z.maxLength(SHARED_REPORT_NOTE_MAX, { message: `At most ${SHARED_REPORT_NOTE_MAX} characters.` }),
  z.refine((note) => !/\p{Cc}/u.test(note), { message: 'Use letters, digits and punctuation only.' }),
);

/**
 * The plant's nameplate power as staff entered it on the report (kWp; the report's `capacity_kw`): the link's
 * summary shows specific yield and capacity factor with it, as staff saw them.
 */
export const CAPACITY_KW_MAX = 10_000_000;
const capacityKwSchema = z
  .number()
  .check(
    z.positive({ message: 'Enter the nameplate power as a positive number of kWp.' }),
    z.maximum(CAPACITY_KW_MAX, { message: `At most ${CAPACITY_KW_MAX} kWp.` }),
  );

/** What a link shows: the report's URL state as staff had it. */
export const sharedReportParamsSchema = z
  .object({
    user: pathIdSchema,
    contract: pathIdSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    agg: z.enum(AGGREGATION_TYPES),
    tz: z
      .string()
      .check(
        z.maxLength(64),
        z.refine(isKnownTimeZone, { message: 'Select a valid IANA time zone name (e.g. Europe/Berlin).' }),
      ),
    view: z._default(z.enum(SHARED_REPORT_VIEWS), 'chart'),
    compare: z._default(z.nullable(z.enum(SHARED_REPORT_COMPARES)), null),
    capacity_kw: z._default(z.nullable(capacityKwSchema), null),
  })
  .check(
    z.superRefine((report, ctx) => {
      if (!isIsoDate(report.from) || !isIsoDate(report.to)) return;
      const days = rangeDayCount(report.from, report.to);
      if (days < 1)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range must end on or after its start.' });
      else if (days > SHARED_REPORT_MAX_RANGE_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A shared report covers at most ${SHARED_REPORT_MAX_RANGE_DAYS} days.`,
        });
    }),
  );
export type SharedReportParams = z.output<typeof sharedReportParamsSchema>;

/** `POST /bff/shared-reports`: the report, when the link stops working, and whom it is for. */
export const createSharedReportSchema = z
  .strictObject({
    user: pathIdSchema,
    contract: pathIdSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    agg: z.enum(AGGREGATION_TYPES),
    tz: z.string().check(z.maxLength(64)),
    view: z.optional(z.enum(SHARED_REPORT_VIEWS)),
    compare: z.optional(z.nullable(z.enum(SHARED_REPORT_COMPARES))),
    capacity_kw: z.optional(z.nullable(capacityKwSchema)),
    expires_at: z.optional(
      z.iso.datetime({ offset: true, message: 'Use a date and time such as 2026-12-31T23:59:59Z.' }),
    ),
    note: z.optional(noteSchema),
  })
  .check(
    z.superRefine((body, ctx) => {
      const report = sharedReportParamsSchema.safeParse(body);
      if (!report.success)
        for (const issue of report.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
  );
export type CreateSharedReport = z.input<typeof createSharedReportSchema>;

/** The staff form: an expiry date (a calendar day, the link works through its end in UTC) and a note. */
export const shareFormSchema = z.object({
  expires_on: isoDateSchema,
  note: noteSchema,
});
export type ShareForm = z.infer<typeof shareFormSchema>;

/** The instant a link chosen to expire on a day stops: the end of that day (UTC). */
export const expiryOfDay = (day: IsoDate): string => `${addDays(day, 1)}T00:00:00Z`;

/** The staff form as of `now`: its expiry day within the limits (from tomorrow to a year ahead). */
export const shareFormSchemaAt = (now: number) =>
  shareFormSchema.check(
    z.superRefine((values, context) => {
      const problem = expiryProblem(expiryOfDay(values.expires_on), now);
      if (problem) context.addIssue({ code: 'custom', path: ['expires_on'], message: problem });
    }),
  );

export const createdSharedReportSchema = z.object({
  id: z.string(),
  /** `/shared/<token>` on the console's origin; the token is shown once, only its hash is kept. */
  url: z.string(),
  expires_at: z.string(),
});
export type CreatedSharedReport = z.infer<typeof createdSharedReportSchema>;

export const SHARED_REPORT_STATES = ['active', 'expired', 'revoked'] as const;

/** A link's report as stored: what staff see in the list and the reader gets with the values. */
const storedReportFields = {
  user: z.string(),
  contract: z.string(),
  from: z.string(),
  to: z.string(),
  agg: z.enum(AGGREGATION_TYPES),
  tz: z.string(),
  view: z.enum(SHARED_REPORT_VIEWS),
  compare: z.nullable(z.enum(SHARED_REPORT_COMPARES)),
  capacity_kw: z.nullable(z.number()),
};

/** One link in the staff list (for a contract): who made it, for whom, until when, how often it was read. */
export const sharedReportSchema = z.object({
  id: z.string(),
  ...storedReportFields,
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.nullable(z.string()),
  open_count: z.int(),
  last_opened_at: z.nullable(z.string()),
  state: z.enum(SHARED_REPORT_STATES),
});
export type SharedReport = z.infer<typeof sharedReportSchema>;

export const sharedReportListSchema = z.array(sharedReportSchema);

export const sharedReportsQuerySchema = z.object({
  user: pathIdSchema,
  contract: pathIdSchema,
});

export const sharedReportIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^\d{1,15}$/, { message: 'No such link.' })),
});

/** A link's token: 32 random bytes, base64url without padding (43 characters). */
export const SHARED_REPORT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a link's reader gets from `GET /shared/<token>/feed`: the report's parameters as stored, and the
 * platform's records for its range (and the compared range), in its aggregation and zone. No staff data.
 */
export const sharedReportDataSchema = z.object({
  ...storedReportFields,
  expires_at: z.string(),
  /** When the BFF read the platform: the page's "now" for periods not yet delivered. */
  read_at: z.string(),
  records: z.array(feedRecordSchema),
  compare_records: z.nullable(z.array(feedRecordSchema)),
});
export type SharedReportData = z.infer<typeof sharedReportDataSchema>;

/** `GET /shared/<token>/raw`: the range's 15-minute values (UTC, padded for every zone), for the heatmap. */
export const sharedReportRawSchema = z.object({
  start: z.string(),
  end: z.string(),
  records: z.array(feedRecordSchema),
});
export type SharedReportRaw = z.infer<typeof sharedReportRawSchema>;
