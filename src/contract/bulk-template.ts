import { bulkColumns, type BulkKind } from './bulk.ts';

/**
 * An empty file of a kind to fill in (issue 42): its header line, required columns first; a charges template
 * takes the amount in euros (`amount_eur`, one of the two amount columns). `;` for a German spreadsheet, `,` for
 * an English one; a BOM, so Excel opens it as UTF-8. Column names are plain words: no quoting (and no CSV
 * library in the page's chunks).
 */
export function bulkTemplate(kind: BulkKind, delimiter: ',' | ';'): string {
  const columns = bulkColumns(kind).filter(
    (column) => !(kind === 'charges' && column.name === 'amount_cent'),
  );
  const required = columns.filter((column) => column.required).map((column) => column.name);
  const amount = kind === 'charges' ? ['amount_eur'] : [];
  const optional = columns
    .filter((column) => !column.required && !amount.includes(column.name))
    .map((column) => column.name);
  return `\uFEFF${[...required, ...amount, ...optional].join(delimiter)}\r\n`;
}
