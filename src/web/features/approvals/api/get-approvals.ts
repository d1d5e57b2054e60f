import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvalPageSchema, type ApprovalStatus } from '../../../../contract/approvals.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { requestOk } from '../../../lib/api-client.ts';

export const APPROVALS_PAGE_SIZE = 50;

/** One page of approval requests, newest first; `status` undefined: every status. */
export const getApprovals = (status: ApprovalStatus | undefined, page: number, signal?: AbortSignal) =>
  requestOk('get', '/bff/approvals', {
    searchParams: {
      ...(status ? { status } : {}),
      limit: String(APPROVALS_PAGE_SIZE),
      offset: String((page - 1) * APPROVALS_PAGE_SIZE),
    },
    schema: approvalPageSchema,
    ...(signal ? { signal } : {}),
  });

export const approvalsQueryOptions = (status: ApprovalStatus | undefined, page: number) =>
  queryOptions({
    queryKey: approvalKeys.list(status, page),
    queryFn: ({ signal }) => getApprovals(status, page, signal),
    // The table stays while another status or page loads.
    placeholderData: keepPreviousData,
  });

export const useApprovals = (status: ApprovalStatus | undefined, page: number) =>
  useQuery(approvalsQueryOptions(status, page));
