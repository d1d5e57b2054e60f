import { canWrite, type Role } from '../../contract/bff-api.ts';
import {
  holdsBankData,
  maskForViewer,
  recordOutcome,
  type ConsoleRecord,
  type RecordApproval,
} from '../../contract/records.ts';
import type { RecordRow } from './record-repository.ts';

/** Whether a record holds bank data (what was sent or what was answered): reading it is audited. */
export const recordHoldsBankData = (row: RecordRow) =>
  holdsBankData(row.sent) || holdsBankData(row.upstreamBody);

/**
 * A record as `role` may read it: operators and admins in full; viewers with the bank account masked by field
 * and of a birthday only the year (maskForViewer), here on the server so their browser never receives them.
 * `approval`: who asked and who approved, for a record sent after an approval (RecordRepository.approvalsOf).
 */
export function recordView(
  row: RecordRow,
  role: Role,
  approval: RecordApproval | null = null,
): ConsoleRecord {
  const viewer = !canWrite(role);
  return {
    id: String(row.id),
    operation: row.operation,
    source: row.source,
    source_id: row.sourceId,
    user_id: row.userId,
    contract_id: row.contractId,
    input_id: row.inputId,
    technical_resource_id: row.technicalResourceId,
    sent: viewer ? maskForViewer(row.sent) : row.sent,
    upstream_status: row.upstreamStatus,
    upstream_body: viewer ? (maskForViewer(row.upstreamBody) ?? null) : (row.upstreamBody ?? null),
    outcome: recordOutcome(row.upstreamStatus, row.confirmedByRetry),
    recorded_by: row.recordedBy,
    recorded_by_display_name: row.recordedByDisplayName,
    recorded_at: row.recordedAt.toISOString(),
    duplicate_of: row.duplicateOf,
    duplicate_acknowledged: row.acknowledgedDuplicates.length > 0,
    bank_data_masked: viewer && recordHoldsBankData(row),
    approval: row.source === 'approval' ? approval : null,
  };
}
