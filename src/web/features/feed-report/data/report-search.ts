import { z } from 'zod';

const AGGREGATIONS = ['year', 'month', 'week', 'day', 'hour', 'raw'] as const;
/** What the report draws beside its summary (pinned: `view=chart|heatmap|duration|cumulative`). */
export const REPORT_VIEWS = ['chart', 'heatmap', 'duration', 'cumulative'] as const;
export type ReportViewName = (typeof REPORT_VIEWS)[number];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report's URL (pinned: `?user&contract&from&to&agg&tz`, plus `compare`, `capacity_kw` and `view`): every
 * control writes here, so a copied link opens the same report. A value that cannot be read falls back
 * to its default rather than breaking the page. Kept free of the report's code: the router loads it.
 */
export const reportSearchSchema = z.object({
  user: z.coerce.string().max(64).optional().catch(undefined),
  contract: z.coerce.string().max(64).optional().catch(undefined),
  from: z.string().regex(ISO_DATE).optional().catch(undefined),
  to: z.string().regex(ISO_DATE).optional().catch(undefined),
  agg: z.enum(AGGREGATIONS).optional().catch(undefined),
  tz: z.string().max(64).optional().catch(undefined),
  compare: z.enum(['previous', 'year']).optional().catch(undefined),
  capacity_kw: z.coerce.number().positive().max(10_000_000).optional().catch(undefined),
  view: z.enum(REPORT_VIEWS).optional().catch(undefined),
});
export type ReportSearch = z.infer<typeof reportSearchSchema>;
