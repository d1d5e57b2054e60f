import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_DECIDED_FILTER } from '../../../../contract/approval-decisions.ts';
import { approvalPageSchema } from '../../../../contract/approvals.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { requestOk } from '../../../lib/api-client.ts';

/** How many of the latest decisions the approvals page shows the requester (all of them: the list's filters). */
export const MY_DECIDED_SHOWN = 10;

/** The signed-in user's own decided requests, newest decision first. */
export const getMyDecidedApprovals = (signal?: AbortSignal) =>
  requestOk('get', '/bff/approvals', {
    searchParams: { mine: MY_DECIDED_FILTER, limit: String(MY_DECIDED_SHOWN) },
    schema: approvalPageSchema,
    ...(signal ? { signal } : {}),
  });

export const myDecidedApprovalsQueryOptions = queryOptions({
  queryKey: approvalKeys.myDecided(),
  queryFn: ({ signal }) => getMyDecidedApprovals(signal),
});

export const useMyDecidedApprovals = () => useQuery(myDecidedApprovalsQueryOptions);
