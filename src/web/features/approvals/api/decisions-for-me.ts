import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalKeys } from '../../../lib/approval-keys.ts';

/**
 * The navigation's note of the user's decided requests: every 30 s like the pending count, and after any
 * approval action (they invalidate `approvalKeys.all`). The request and its schema load with the first ask,
 * beside the shell (docs/decisions/0049).
 */
export const decisionsForMeQueryOptions = queryOptions({
  queryKey: approvalKeys.decisionsForMe(),
  queryFn: ({ signal }) =>
    import('./decisions-for-me-requests.ts').then((requests) => requests.getDecisionsForMe(signal)),
  refetchInterval: 30_000,
});

/** The navigation's note; `enabled` false for viewers, who ask for no approvals. */
export const useDecisionsForMe = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...decisionsForMeQueryOptions, enabled });
