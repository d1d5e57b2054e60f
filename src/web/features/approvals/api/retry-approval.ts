import { request } from '../../../lib/api-client.ts';
import { approvalPath, useApprovalDecision } from './approval-decision.ts';

/**
 * `POST /bff/approvals/{id}/retry` for a request whose answer was lost (`unknown`): the BFF sends the
 * identical approved bytes again, and the platform's duplicate answer confirms an earlier booking.
 */
export const retryApproval = (id: string) => request('post', approvalPath(id, 'retry'), { json: {} });

export const useRetryApproval = (id: string) => useApprovalDecision(id, () => retryApproval(id));
