import { describe, expect, it } from 'vitest';
import { approvalRequestSchema } from '../../../../contract/approvals.ts';
import { chargeApprovalRequest } from './request-approval.ts';

describe('a booking sent for approval', () => {
  const submission = {
    user_id: 'P1000',
    contract_id: 'C1000',
    input_id: 'bonus-42',
    type_of_transaction: 'charge' as const,
    amount_cent: 150_000,
    is_gross: true,
    vat_type: 'normal' as const,
    due_date: '2025-07-01',
    no_of_executions: 1,
    display_name: 'Service fee',
  };

  it('is the write under /api without the contract IDs in the body, accepted by the contract', () => {
    const approval = chargeApprovalRequest(submission);
    expect(approval).toEqual({
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      body: {
        input_id: 'bonus-42',
        type_of_transaction: 'charge',
        amount_cent: 150_000,
        is_gross: true,
        vat_type: 'normal',
        due_date: '2025-07-01',
        no_of_executions: 1,
        display_name: 'Service fee',
      },
    });
    expect(approvalRequestSchema.safeParse(approval).success).toBe(true);
  });
});
