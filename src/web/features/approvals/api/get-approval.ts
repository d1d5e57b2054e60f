import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalSchema } from '../../../../contract/approvals.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { requestOk } from '../../../lib/api-client.ts';

export const getApproval = (id: string, signal?: AbortSignal) =>
  requestOk('get', `/bff/approvals/${encodeURIComponent(id)}`, {
    schema: approvalSchema,
    ...(signal ? { signal } : {}),
  });

/**
 * One request; polled while it is being sent (the answer comes within the platform's deadline) and now
 * and then while pending, so the requester sees the decision without reloading.
 */
export const approvalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.detail(id),
    queryFn: ({ signal }) => getApproval(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'sending' ? 1000 : status === 'pending' ? 15_000 : false;
    },
  });

export const useApproval = (id: string) => useQuery(approvalQueryOptions(id));
