import { stepUpRequiredSchema, type ApproveRequest } from '../../../../contract/approvals.ts';
import { request, sessionEnded } from '../../../lib/api-client.ts';
import { approvalPath, useApprovalDecision } from './approval-decision.ts';

/**
 * `POST /bff/approvals/{id}/approve` with the digest the approver saw. Its 401 with `reauthenticate_url` is an
 * answer, not a session that ended: an SSO account must sign in at the provider again before approving. A 401
 * without it is the end of the session, as anywhere else.
 */
export async function approveApproval(id: string, body: ApproveRequest) {
  const answer = await request('post', approvalPath(id, 'approve'), {
    json: body,
    unauthorizedIsAnswer: true,
  });
  if (answer.status === 401 && !stepUpRequiredSchema.safeParse(answer.body).success) throw sessionEnded();
  return answer;
}

export const useApproveApproval = (id: string) =>
  useApprovalDecision(id, (body: ApproveRequest) => approveApproval(id, body));
