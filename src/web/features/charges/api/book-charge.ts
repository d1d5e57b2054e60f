import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import type { ChargeSubmission } from '../../../../contract/api/charges.ts';
import { request, type ApiAnswer } from '../../../lib/api-client.ts';
import { operationPath } from '../../../../contract/api/operation-paths.ts';

/**
 * POST /v3/producers/{userID}/contracts/{contractID}/charges_and_credits/ through the BFF. The answer
 * is the caller's to read (saved, refused, or lost: see useFormFeedback); only the platform's 404, which
 * names no field, becomes a refusal that says which contract it did not know.
 */
/** `428`: the BFF sends this booking only through a second person's approval. */
export const APPROVAL_REQUIRED = 428;

export async function bookCharge({
  user_id: userId,
  contract_id: contractId,
  ...body
}: ChargeSubmission): Promise<ApiAnswer<unknown>> {
  const path = `/api${operationPath('producers_contracts_charges_and_credits_create', { userID: userId, contractID: contractId })}`;
  const answer = await request('post', path, { json: body });
  // The BFF's 428: below the threshold alone, it reaches it with the contract's bookings sent without
  // approval in BFF_APPROVAL_WINDOW_H (the form then sends it for approval).
  if (answer.status === APPROVAL_REQUIRED)
    return {
      status: APPROVAL_REQUIRED,
      body: {
        detail: t`Nothing was booked: together with this contract’s other bookings sent without approval recently, this reaches the amount from which a second person approves. Send it for approval.`,
      },
    };
  return answer.status === 404
    ? {
        status: 400,
        body: {
          detail: t`The platform knows no contract ${contractId} of producer ${userId}. Check both IDs.`,
        },
      }
    : answer;
}

export const useBookCharge = () => useMutation({ mutationFn: bookCharge });
