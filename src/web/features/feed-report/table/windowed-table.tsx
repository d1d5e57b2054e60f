import { useRef, type ReactNode } from 'react';
import { ColumnHeaders, type Column } from '../../../components/column-headers.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { SpacerRow } from '../../../components/spacer-row.tsx';
import { useWindowedRows } from '../../../lib/use-windowed-rows.ts';

/** A row's class by its status: the report's tables shade gaps, incomplete and not-yet-delivered periods. */
export const ROW_CLASS = {
  complete: undefined,
  incomplete: 'incomplete-row',
  gap: 'gap-row',
  'not-yet-delivered': 'pending-row',
} as const;

const ROW_HEIGHT = 33;

/**
 * The rows of one of the report's tables to render (@tanstack/react-virtual): those in view and a few more,
 * every row when printing. The shared scroll region (its hint says when columns are off to the side) is the
 * virtualiser's scroller; it takes no ref, so it is found inside `holder`, the element around it.
 */
function useWindowedTable(count: number, printAll: boolean) {
  const holder = useRef<HTMLDivElement>(null);
  const rows = useWindowedRows({
    count,
    windowed: !printAll,
    rowHeight: ROW_HEIGHT,
    overscan: 12,
    getScrollElement: () => holder.current?.querySelector<HTMLElement>('.table-scroll') ?? null,
  });
  return { holder, ...rows };
}

/**
 * One of the report's tables (periods, heatmap days, running sums): a real `<table>` in the shared scroll
 * region, its rows windowed with `aria-rowcount`/`aria-rowindex`, every row when printing. `row` renders
 * the entry at `index` as a `<tr>` (with its key) whose `aria-rowindex` is `rowIndex`.
 */
export function WindowedTable({
  label,
  caption,
  columns,
  hiddenColumns = [],
  count,
  printAll,
  row,
}: {
  label: string;
  caption: string;
  columns: Column[];
  /** Columns left out of view (by position), their cells hidden by the rows likewise. */
  hiddenColumns?: readonly number[];
  count: number;
  printAll: boolean;
  row: (index: number, rowIndex: number) => ReactNode;
}) {
  const { holder, indexes, before, after } = useWindowedTable(count, printAll);
  return (
    <div ref={holder}>
      <ScrollRegion label={label} className="report-table">
        <table className="table" aria-rowcount={count + 1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {hiddenColumns.length === 0 ? (
              <ColumnHeaders rowIndex={1} columns={columns} />
            ) : (
              <tr aria-rowindex={1}>
                {columns.map((column, index) => {
                  const name = typeof column === 'string' ? column : column.label;
                  return (
                    <th
                      scope="col"
                      key={name}
                      className={typeof column === 'string' ? undefined : 'numeric'}
                      hidden={hiddenColumns.includes(index)}
                    >
                      {name}
                    </th>
                  );
                })}
              </tr>
            )}
          </thead>
          <tbody>
            <SpacerRow height={before} columns={columns.length} />
            {indexes.map((index) => row(index, index + 2))}
            <SpacerRow height={after} columns={columns.length} />
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
