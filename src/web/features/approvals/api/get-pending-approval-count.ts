import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { pageSchema } from '../../../../contract/api/common.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { requestOk } from '../../../lib/api-client.ts';

/**
 * The list's envelope with its entries unread: the navigation needs the count only, and the approval's
 * schema (with the charge rules it reads) would load with the shell on every page.
 */
const countOnlySchema = pageSchema(z.unknown());

/** How many requests wait for a decision: the list's `count` of pending ones (one entry fetched). */
export const getPendingApprovalCount = async (signal?: AbortSignal) =>
  (
    await requestOk('get', '/bff/approvals', {
      searchParams: { status: 'pending', limit: '1' },
      schema: countOnlySchema,
      ...(signal ? { signal } : {}),
    })
  ).count;

/** Every 30 s, and after any approval action (they invalidate `approvalKeys.all`). */
export const pendingApprovalCountQueryOptions = queryOptions({
  queryKey: approvalKeys.pendingCount(),
  queryFn: ({ signal }) => getPendingApprovalCount(signal),
  refetchInterval: 30_000,
});

/** The navigation's badge; `enabled` false for viewers, who may not list approvals. */
export const usePendingApprovalCount = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...pendingApprovalCountQueryOptions, enabled });
