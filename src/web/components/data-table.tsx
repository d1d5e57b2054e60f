import type { ReactNode } from 'react';
import { ColumnHeaders, type Column } from './column-headers.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * The console's data table: its own scrolling region, one header row, the caller's rows. Named once for
 * assistive technology: the region by `label`, the table by `label` too, or by a heading on the page
 * (`labelledBy`), or by a visually hidden `caption` where the order of the rows needs saying.
 */
export function DataTable({
  label,
  labelledBy,
  caption,
  columns,
  className = 'table',
  busy,
  testId,
  children,
}: {
  label: string;
  /** The id of a heading that names the table, instead of `label`. */
  labelledBy?: string;
  caption?: string;
  columns: readonly Column[];
  className?: string;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <table
        className={className}
        aria-label={labelledBy || caption ? undefined : label}
        aria-labelledby={labelledBy}
        aria-busy={busy}
        data-testid={testId}
      >
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <ColumnHeaders columns={columns} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
