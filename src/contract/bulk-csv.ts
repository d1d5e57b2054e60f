import Papa from 'papaparse';
import { checkBulkHeader, checkBulkRow, type BulkKind, type BulkRowProblem, MAX_BULK_ROWS } from './bulk.ts';

export interface CheckedBulkFile {
  delimiter: string;
  header: string[];
  unknownColumns: string[];
  missingColumns: string[];
  /** Rows that pass the row schema: 1-based row number and typed values. */
  rows: { row: number; values: Record<string, unknown> }[];
  problems: BulkRowProblem[];
  /** Rows with at least one problem. */
  badRows: number;
  /** Too many rows, an empty file, or a broken quote: the file cannot be used as it is. */
  fileProblem: string | null;
}

/**
 * Reads a bulk CSV file and checks it: `,` or `;` detected from the header, a UTF-8 BOM dropped, quoted
 * fields may hold delimiters and line breaks. Header problems are reported first and stop the row checks.
 */
export function checkBulkFile(kind: BulkKind, text: string): CheckedBulkFile {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = withoutBom.slice(0, withoutBom.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parsed = Papa.parse<Record<string, string>>(withoutBom, {
    header: true,
    delimiter,
    skipEmptyLines: 'greedy',
    transformHeader: (name) => name.trim(),
  });
  const header = parsed.meta.fields ?? [];
  const result: CheckedBulkFile = {
    delimiter,
    header,
    unknownColumns: [],
    missingColumns: [],
    rows: [],
    problems: [],
    badRows: 0,
    fileProblem: null,
  };
  if (header.length === 0 || parsed.data.length === 0) {
    result.fileProblem = 'The file has no header line and rows.';
    return result;
  }
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    result.fileProblem = `Row ${(quoteError.row ?? 0) + 1}: a quoted field is not closed.`;
    return result;
  }
  if (parsed.data.length > MAX_BULK_ROWS) {
    result.fileProblem = `The file has ${parsed.data.length} rows; a campaign takes at most ${MAX_BULK_ROWS}.`;
    return result;
  }
  const { unknown, missing } = checkBulkHeader(kind, header);
  result.unknownColumns = unknown;
  result.missingColumns = missing;
  if (unknown.length || missing.length) return result;
  parsed.data.forEach((record, index) => {
    const checked = checkBulkRow(kind, index + 1, record);
    if (checked.ok) result.rows.push({ row: index + 1, values: checked.values });
    else {
      result.badRows += 1;
      result.problems.push(...checked.problems);
    }
  });
  return result;
}
