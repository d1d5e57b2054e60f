import Papa from 'papaparse';
import {
  checkBulkHeader,
  checkBulkRow,
  conflictingDuplicates,
  fileNumberLocale,
  type BulkInvalidRow,
  type BulkKind,
  type BulkRowProblem,
  FIRST_DATA_ROW,
  MAX_BULK_ROWS,
} from './bulk.ts';

export interface CheckedBulkFile {
  delimiter: string;
  header: string[];
  unknownColumns: string[];
  missingColumns: string[];
  /** A charges file's amount column: neither `amount_cent` nor `amount_eur`, or both (one of them is taken). */
  amountColumns: 'missing' | 'both' | null;
  /** Rows that pass the row schema: 1-based row number and typed values. */
  rows: { row: number; values: Record<string, unknown> }[];
  problems: BulkRowProblem[];
  /** The rows with problems, as the campaign keeps them (`invalid` in the results). */
  invalid: BulkInvalidRow[];
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
    amountColumns: null,
    rows: [],
    problems: [],
    invalid: [],
    badRows: 0,
    fileProblem: null,
  };
  if (header.length === 0 || parsed.data.length === 0) {
    result.fileProblem = 'The file has no header line and rows.';
    return result;
  }
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    result.fileProblem = `Row ${(quoteError.row ?? 0) + FIRST_DATA_ROW}: a quoted field is not closed.`;
    return result;
  }
  if (parsed.data.length > MAX_BULK_ROWS) {
    result.fileProblem = `The file has ${parsed.data.length} rows; a campaign takes at most ${MAX_BULK_ROWS}.`;
    return result;
  }
  const { unknown, missing, amount } = checkBulkHeader(kind, header);
  const numbers = fileNumberLocale(delimiter);
  result.unknownColumns = unknown;
  result.missingColumns = missing;
  result.amountColumns = amount;
  if (unknown.length || missing.length || amount) return result;
  const byRow = new Map<number, BulkRowProblem[]>();
  parsed.data.forEach((record, index) => {
    // The spreadsheet's row number: the header is row 1, so staff find the row where Excel shows it.
    const row = index + FIRST_DATA_ROW;
    const checked = checkBulkRow(kind, row, record, numbers);
    if (checked.ok) result.rows.push({ row, values: checked.values });
    else byRow.set(row, checked.problems);
  });
  // A key (input_id, user ID) given twice with other content: the later rows are not sent.
  for (const problem of conflictingDuplicates(kind, result.rows)) byRow.set(problem.row, [problem]);
  result.rows = result.rows.filter(({ row }) => !byRow.has(row));
  for (const [row, problems] of [...byRow].sort(([a], [b]) => a - b)) {
    const record = parsed.data[row - FIRST_DATA_ROW]!;
    const named = (column: string) => {
      const text = record[column]?.trim();
      return text ? { [column]: text.slice(0, 200) } : {};
    };
    result.badRows += 1;
    result.problems.push(...problems);
    result.invalid.push({
      row,
      ...named('user_id'),
      ...named('contract_id'),
      ...named('input_id'),
      message: problems
        .map((problem) => `${problem.column}: ${problem.message}`)
        .join('; ')
        .slice(0, 2000),
    });
  }
  return result;
}
