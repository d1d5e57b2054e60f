import Papa from 'papaparse';

/**
 * What a spreadsheet takes for a formula at the start of a cell (OWASP "CSV injection"): `=`, `+`, `-`,
 * `@`, and tab, carriage return or line feed before one. Papaparse's own `escapeFormulae` misses a cell
 * that also holds a line break (its pattern's `.*$` does not cross it), so the console does this itself.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/**
 * The same sign behind white space or invisible characters (` =`, `\u00a0@`), or in its full-width or small
 * form (`＝ ＋ － ＠`, `﹦`): spreadsheets and their import dialogues trim and fold these (issue 41). NFKC
 * folds the full-width and small forms to the plain sign.
 */
const HIDDEN_FORMULA_START = /^[\s\p{Cf}]*[=+\-@]/u;
/** A plain signed number (`-12.5`, `+3`, `-1,5`, `1e-3`): data, not a formula, and kept as it is. */
const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)([eE][+-]?\d+)?$/;

/** A text cell as a spreadsheet shows it and never runs: a formula-like start is prefixed with `'`. */
export function neutraliseFormula(cell: string): string {
  if (PLAIN_NUMBER.test(cell)) return cell;
  return FORMULA_START.test(cell) || HIDDEN_FORMULA_START.test(cell.normalize('NFKC')) ? `'${cell}` : cell;
}

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  delimiter?: string;
}

/**
 * Rows as CSV lines (RFC 4180 quoting by papaparse, CRLF, a trailing CRLF), every text cell neutralised:
 * the one way the console writes CSV — bulk results, the audit export and the feed-in report.
 */
export function csvLines(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  if (rows.length === 0) return '';
  const safe = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : (cell ?? ''))),
  );
  return `${Papa.unparse(safe, { newline: '\r\n', delimiter: options.delimiter ?? ',', escapeFormulae: false })}\r\n`;
}
