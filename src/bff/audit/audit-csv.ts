import Papa from 'papaparse';
import { AUDIT_CSV_HEADER, type AuditEntry } from '../../contract/bff-api.ts';

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
 * values a spreadsheet would run as a formula (`=…`, `+…`, `@…`) are escaped.
 */
export async function* auditCsv(batches: AsyncIterable<AuditEntry[]>): AsyncGenerator<string> {
  const options = { newline: '\r\n', escapeFormulae: true };
  yield `${Papa.unparse([[...AUDIT_CSV_HEADER]], options)}\r\n`;
  for await (const entries of batches) yield `${Papa.unparse(entries.map(row), options)}\r\n`;
}
