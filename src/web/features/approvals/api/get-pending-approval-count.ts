import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalKeys } from '../../../lib/approval-keys.ts';

/**
 * How many requests wait for a decision, every 30 s and after any approval action (they invalidate
 * `approvalKeys.all`). The request and its schema load with the first ask, beside the shell
 * (docs/decisions/0049).
 */
export const pendingApprovalCountQueryOptions = queryOptions({
  queryKey: approvalKeys.pendingCount(),
  queryFn: ({ signal }) =>
    import('./pending-approval-count-request.ts').then((requests) =>
      requests.getPendingApprovalCount(signal),
    ),
  refetchInterval: 30_000,
});

/** The navigation's badge; `enabled` false for viewers, who may not list approvals. */
export const usePendingApprovalCount = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...pendingApprovalCountQueryOptions, enabled });
