import { chargeRequestTotals, type Approval } from '../../contract/approvals.ts';
import type { ApprovalRow } from './approval-repository.ts';

/** The body as stored, read back for the page (it was JSON when requested; anything else shows as null). */
export function storedBody(bodyText: string): unknown {
  try {
    return JSON.parse(bodyText);
  } catch {
    return null;
  }
}

/** An approval as the console shows it: exactly what will be sent, its schedule and totals, and its fate. */
export function approvalView(row: ApprovalRow): Approval {
  const charge = row.kind === 'charge' ? chargeRequestTotals(storedBody(row.bodyText)) : null;
  const summary = row.campaignSummary;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    method: 'POST',
    path: row.path,
    body_text: row.bodyText,
    digest: row.digest,
    user_id: row.userId,
    contract_id: row.contractId,
    input_id: row.inputId,
    type_of_transaction: charge?.charge.type_of_transaction ?? null,
    total_gross_cent: row.totalGrossCent,
    totals: row.totals,
    schedule: charge?.schedule ?? null,
    campaign:
      row.campaignId && summary
        ? {
            id: row.campaignId,
            file_name: summary.fileName,
            rows: summary.rows,
            contracts: summary.contracts.map((contract) => ({
              user_id: contract.userId,
              contract_id: contract.contractId,
            })),
            contract_count: summary.contractCount,
          }
        : null,
    requested_by: row.requestedBy,
    requested_by_display_name: row.requestedByDisplayName,
    requested_at: row.requestedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_by: row.decidedBy,
    decided_by_display_name: row.decidedByDisplayName,
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    upstream_status: row.upstreamStatus,
    upstream_body: row.upstreamBody ?? null,
    outcome: row.outcome,
    attempts: row.attempts,
    window_bookings: row.windowBookings,
  };
}
