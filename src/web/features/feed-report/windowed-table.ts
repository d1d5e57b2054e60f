import { useRef } from 'react';
import { useWindowedRows } from '../../lib/use-windowed-rows.ts';

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
export function useWindowedTable(count: number, printAll: boolean) {
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
