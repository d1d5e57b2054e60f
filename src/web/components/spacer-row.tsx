/**
 * A windowed table's stand-in for the rows it does not render (above or below those in view): one empty
 * row as tall as they would be, so the scrollbar and the rows in view sit where the whole table would put
 * them. Hidden from screen readers, which learn the real count from `aria-rowcount`.
 */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
