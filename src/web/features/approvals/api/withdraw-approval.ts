import { request } from '../../../lib/api-client.ts';
import { approvalPath, useApprovalDecision } from './approval-decision.ts';

/** `POST /bff/approvals/{id}/withdraw`: the requester takes their own request back. */
export const withdrawApproval = (id: string) => request('post', approvalPath(id, 'withdraw'), { json: {} });

export const useWithdrawApproval = (id: string) => useApprovalDecision(id, () => withdrawApproval(id));
