import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalSchema } from '../../../../contract/approvals.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import type { ApiAnswer } from '../../../lib/api-client.ts';

/**
 * The mutation of one decision on a request (approve, reject, withdraw, retry). It answers with status and
 * body, since its refusals are answers the page shows (a wrong password under its field, "someone else
 * decided" in words); a 200's approval replaces the cached one at once, and every approval query (lists,
 * the navigation's count, this request) is fetched afresh whatever came back.
 */
export function useApprovalDecision<Input>(id: string, call: (input: Input) => Promise<ApiAnswer<unknown>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      const approval = approvalSchema.safeParse(answer.body);
      if (answer.status === 200 && approval.success)
        queryClient.setQueryData(approvalKeys.detail(id), approval.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

export const approvalPath = (id: string, action: string) =>
  `/bff/approvals/${encodeURIComponent(id)}/${action}`;
