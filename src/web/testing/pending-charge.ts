import type { Approval } from '../../contract/approvals.ts';

/** A charge of 1,500.00 € waiting for approval, as the BFF shows it; tests change what they need. */
export function pendingCharge(overrides: Partial<Approval> = {}): Approval {
  const body = {
    input_id: 'fee-1',
    type_of_transaction: 'charge',
    amount_cent: 150_000,
    is_gross: true,
    vat_type: 'normal',
    due_date: '2025-07-01',
    no_of_executions: 1,
    display_name: 'Connection fee',
  };
  return {
    id: '0f8b8d1e-4c1a-4c59-9b7c-3b1f2f0f6a11',
    kind: 'charge',
    status: 'pending',
    method: 'POST',
    path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
    body_text: JSON.stringify(body),
    digest: 'a'.repeat(64),
    user_id: 'P1000',
    contract_id: 'C1000',
    input_id: 'fee-1',
    type_of_transaction: 'charge',
    total_gross_cent: 150_000,
    totals: [
      {
        type: 'charge',
        ratePercent: 19,
        executions: 1,
        netCent: 126_050,
        vatCent: 23_950,
        grossCent: 150_000,
      },
    ],
    schedule: [
      {
        n: 1,
        internal_id: 'fee-1__1',
        due_date: '2025-07-01',
        netCent: 126_050,
        vatCent: 23_950,
        grossCent: 150_000,
        ratePercent: 19,
      },
    ],
    campaign: null,
    requested_by: 'olga',
    requested_by_display_name: null,
    requested_at: '2025-06-16T08:00:00Z',
    expires_at: '2025-06-19T08:00:00Z',
    decided_by: null,
    decided_by_display_name: null,
    decided_at: null,
    reason: null,
    upstream_status: null,
    upstream_body: null,
    outcome: null,
    attempts: 0,
    window_bookings: [],
    ...overrides,
  };
}
