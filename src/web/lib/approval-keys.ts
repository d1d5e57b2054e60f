import type { ApprovalStatus } from '../../contract/approvals.ts';

/**
 * Query keys of approvals, under one root so that any approval action (and a new request from the charges
 * form) refreshes every list, the navigation's count and the request itself with one invalidation. Shared:
 * the approvals pages, the charges form and the navigation read or change them.
 */
export const approvalKeys = {
  all: ['approvals'] as const,
  lists: () => [...approvalKeys.all, 'list'] as const,
  list: (status: ApprovalStatus | undefined, page: number) =>
    [...approvalKeys.lists(), status, page] as const,
  pendingCount: () => [...approvalKeys.all, 'pending-count'] as const,
  /** The signed-in user's own decided requests, and how many were decided since they last looked. */
  myDecided: () => [...approvalKeys.all, 'my-decided'] as const,
  decisionsForMe: () => [...approvalKeys.all, 'decisions-for-me'] as const,
  detail: (id: string) => [...approvalKeys.all, 'detail', id] as const,
};
