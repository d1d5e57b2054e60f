import { z } from 'zod/mini';
import { CAPACITY_KW_MAX } from '../../../../contract/shared-reports.ts';

const AGGREGATIONS = ['year', 'month', 'week', 'day', 'hour', 'raw'] as const;
/** What the report draws beside its summary (pinned: `view=chart|heatmap|duration|cumulative`). */
export const REPORT_VIEWS = ['chart', 'heatmap', 'duration', 'cumulative'] as const;
export type ReportViewName = (typeof REPORT_VIEWS)[number];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report's URL (pinned: `?user&contract&from&to&agg&tz`, plus `compare`, `capacity_kw` and `view`): every
 * control writes here, so a copied link opens the same report. A value that cannot be read falls back
 * to its default rather than breaking the page. Read by the page and the route's early fetch (the route keeps
 * the address as it is: lib/route-search.ts).
 */
export const reportSearchSchema = z.object({
  user: z.catch(z.optional(z.coerce.string().check(z.maxLength(64))), undefined),
  contract: z.catch(z.optional(z.coerce.string().check(z.maxLength(64))), undefined),
  from: z.catch(z.optional(z.string().check(z.regex(ISO_DATE))), undefined),
  to: z.catch(z.optional(z.string().check(z.regex(ISO_DATE))), undefined),
  agg: z.catch(z.optional(z.enum(AGGREGATIONS)), undefined),
  tz: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  compare: z.catch(z.optional(z.enum(['previous', 'year'])), undefined),
  capacity_kw: z.catch(
    z.optional(z.coerce.number().check(z.positive(), z.maximum(CAPACITY_KW_MAX))),
    undefined,
  ),
  view: z.catch(z.optional(z.enum(REPORT_VIEWS)), undefined),
});
export type ReportSearch = z.infer<typeof reportSearchSchema>;
