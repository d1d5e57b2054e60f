import { t } from '@lingui/core/macro';
import { z } from 'zod/mini';
import { AUDIT_STATUS_CLASSES, type AuditFilter } from '../../../contract/bff-api.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const AUDIT_PAGE_SIZE = 50;

/**
 * The audit page's URL: the filters and the page, so a filtered view can be shared. Unreadable
 * values fall back to "all" rather than breaking the page. `from`/`to` are days in the browser's zone.
 */
export const auditSearchSchema = z.object({
  // A local username or sso:<subject> (up to 255 characters).
  user: z.catch(z.optional(z.string().check(z.maxLength(300))), undefined),
  operation: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  // The consumer or producer an attempt was about (a consumer's page links here with it).
  user_id: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  status: z.catch(z.optional(z.enum(AUDIT_STATUS_CLASSES)), undefined),
  from: z.catch(z.optional(z.string().check(z.regex(ISO_DATE))), undefined),
  to: z.catch(z.optional(z.string().check(z.regex(ISO_DATE))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))), undefined),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

/** An outcome class in words of the UI language, its code beside them. */
export function statusLabel(status: (typeof AUDIT_STATUS_CLASSES)[number]): string {
  switch (status) {
    case '2xx':
      return t`Done (2xx)`;
    case '4xx':
      return t`Refused (4xx)`;
    case '5xx':
      return t`Failed (5xx)`;
  }
}

/** Local midnight of a calendar day, as an instant with its offset. */
function startOfDay(isoDate: string): Date {
  return new Date(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
}

export function dayRangeProblem(search: AuditSearch): string | null {
  if (search.from && search.to && search.to < search.from)
    return t`The last day must not be before the first.`;
  return null;
}

/** The BFF's filter for the page's search: days become the instants they start and end at here. */
export function auditFilter(search: AuditSearch): AuditFilter {
  const endOf = (isoDate: string) => {
    const start = startOfDay(isoDate);
    return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  };
  return {
    ...(search.user ? { user: search.user } : {}),
    ...(search.operation ? { operation: search.operation } : {}),
    ...(search.user_id ? { user_id: search.user_id } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.from ? { from: startOfDay(search.from).toISOString() } : {}),
    ...(search.to ? { to: endOf(search.to).toISOString() } : {}),
  };
}

/** The filter as query parameters (the BFF reads them as the contract's auditFilterSchema). */
export function filterParams(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
}
