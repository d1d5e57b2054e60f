/** A column: its heading, and whether it holds numbers (right-aligned, like its cells). */
export type Column = string | { label: string; numeric: true };

export const numeric = (label: string): Column => ({ label, numeric: true });

/**
 * The header row of a data table: one `<th scope="col">` per column. `rowIndex` (1) for a windowed table,
 * whose rows carry `aria-rowindex`.
 */
export function ColumnHeaders({ columns, rowIndex }: { columns: readonly Column[]; rowIndex?: number }) {
  return (
    <tr aria-rowindex={rowIndex}>
      {columns.map((column) =>
        typeof column === 'string' ? (
          <th scope="col" key={column}>
            {column}
          </th>
        ) : (
          <th scope="col" className="numeric" key={column.label}>
            {column.label}
          </th>
        ),
      )}
    </tr>
  );
}
