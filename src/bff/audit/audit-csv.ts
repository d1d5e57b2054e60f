import { AUDIT_CSV_HEADER, type AuditEntry } from '../../contract/bff-api.ts';
import { csvLines } from '../../contract/csv.ts';

const row = (entry: AuditEntry) => [
  entry.time,
  entry.requestId,
  entry.username ?? '',
  entry.role ?? '',
  entry.operation,
  entry.method,
  entry.path,
  Object.entries(entry.targets)
    .map(([key, value]) => `${key}=${value}`)
    .join('; '),
  entry.status,
  entry.durationMs,
  entry.displayName ?? '',
];

/**
 * The audit as CSV lines, header first. Targets may hold what staff typed (an `input_id`), so
 * values a spreadsheet would run as a formula are neutralised (csvLines).
 */
export async function* auditCsv(batches: AsyncIterable<AuditEntry[]>): AsyncGenerator<string> {
  yield csvLines([AUDIT_CSV_HEADER]);
  for await (const entries of batches) yield csvLines(entries.map(row));
}
