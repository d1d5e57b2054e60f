import { canWrite, type Role } from '../../contract/bff-api.ts';
import { holdsBankData, maskBankData, recordOutcome, type ConsoleRecord } from '../../contract/records.ts';
import type { RecordRow } from './record-repository.ts';

/** Whether a record holds bank data (what was sent or what was answered): reading it is audited. */
export const recordHoldsBankData = (row: RecordRow) =>
  holdsBankData(row.sent) || holdsBankData(row.upstreamBody);

/** A record as `role` may read it: viewers get bank data masked, operators and admins in full. */
export function recordView(row: RecordRow, role: Role): ConsoleRecord {
  const mask = !canWrite(role) && recordHoldsBankData(row);
  return {
    id: String(row.id),
    operation: row.operation,
    source: row.source,
    source_id: row.sourceId,
    user_id: row.userId,
    contract_id: row.contractId,
    input_id: row.inputId,
    technical_resource_id: row.technicalResourceId,
    sent: mask ? maskBankData(row.sent) : row.sent,
    upstream_status: row.upstreamStatus,
    upstream_body: mask ? maskBankData(row.upstreamBody) : (row.upstreamBody ?? null),
    outcome: recordOutcome(row.upstreamStatus, row.confirmedByRetry),
    recorded_by: row.recordedBy,
    recorded_by_display_name: row.recordedByDisplayName,
    recorded_at: row.recordedAt.toISOString(),
    duplicate_of: row.duplicateOf,
    duplicate_acknowledged: row.acknowledgedDuplicates.length > 0,
    bank_data_masked: mask,
  };
}
