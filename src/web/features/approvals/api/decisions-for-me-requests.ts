import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  decisionsForMeSchema,
  decisionsSeenSchema,
  type DecisionsForMe,
} from '../../../../contract/approval-decisions.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { requestOk } from '../../../lib/api-client.ts';

const PATH = '/bff/approvals/decisions-for-me';

/** How many of the signed-in user's requests were decided since they last looked (kept per user by the BFF). */
export const getDecisionsForMe = (signal?: AbortSignal) =>
  requestOk('get', PATH, { schema: decisionsForMeSchema, ...(signal ? { signal } : {}) });

/** They look at their decided requests now; answers when they had looked before. */
export const markDecisionsSeen = () => requestOk('post', PATH, { schema: decisionsSeenSchema });

/** Records that the requester looked; the navigation's note goes at once. */
export function useMarkDecisionsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDecisionsSeen,
    onSuccess: (seen) =>
      queryClient.setQueryData<DecisionsForMe>(approvalKeys.decisionsForMe(), {
        unseen: 0,
        seen_at: seen.seen_at,
      }),
  });
}
