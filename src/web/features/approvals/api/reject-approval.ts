import type { RejectRequest } from '../../../../contract/approvals.ts';
import { request } from '../../../lib/api-client.ts';
import { approvalPath, useApprovalDecision } from './approval-decision.ts';

/** `POST /bff/approvals/{id}/reject` with the reason the requester will read. */
export const rejectApproval = (id: string, body: RejectRequest) =>
  request('post', approvalPath(id, 'reject'), { json: body });

export const useRejectApproval = (id: string) =>
  useApprovalDecision(id, (body: RejectRequest) => rejectApproval(id, body));
