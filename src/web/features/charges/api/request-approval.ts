import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRequest } from '../../../../contract/approvals.ts';
import type { ChargeSubmission } from '../../../../contract/api/charges.ts';
import { request, type ApiAnswer } from '../../../lib/api-client.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { operationPath } from '../../../../contract/api/operation-paths.ts';

/** The write a booking would be, as under `/api`: what a second person approves, byte for byte. */
export function chargeApprovalRequest({
  user_id: userId,
  contract_id: contractId,
  ...body
}: ChargeSubmission): ApprovalRequest {
  return {
    method: 'POST',
    path: operationPath('producers_contracts_charges_and_credits_create', {
      userID: userId,
      contractID: contractId,
    }),
    body,
  };
}

/**
 * `POST /bff/approvals`: a booking at or above the approval threshold goes to a second person instead of
 * the platform. The answer is the caller's to read (201 the request; 400 field errors named like the
 * charge's fields; 409 a pending request for the same contract and input ID), as with `bookCharge`.
 */
export const requestApproval = (submission: ChargeSubmission): Promise<ApiAnswer<unknown>> =>
  request('post', '/bff/approvals', { json: chargeApprovalRequest(submission) });

/** Whatever came back, the approvals lists and the navigation's count are fetched afresh. */
export function useRequestApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
