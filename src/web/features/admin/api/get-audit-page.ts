import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditFilter } from '../../../../contract/bff-api.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { AUDIT_PAGE_SIZE, filterParams } from '../audit-search.ts';
import { adminKeys } from './admin-keys.ts';

/** One page of the audit log, newest first, filtered on the server. */
export const getAuditPage = (filter: AuditFilter, page: number, signal?: AbortSignal) =>
  requestOk('get', '/bff/audit', {
    searchParams: {
      ...filterParams(filter),
      limit: String(AUDIT_PAGE_SIZE),
      offset: String((page - 1) * AUDIT_PAGE_SIZE),
    },
    schema: auditPageSchema,
    ...(signal ? { signal } : {}),
  });

export const auditPageQueryOptions = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.auditPage(filter, page),
    queryFn: ({ signal }) => getAuditPage(filter, page, signal),
    // The table stays while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAuditPage = (filter: AuditFilter, page: number, { enabled }: { enabled: boolean }) =>
  useQuery({ ...auditPageQueryOptions(filter, page), enabled });
