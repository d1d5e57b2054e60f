import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * The rows a long table renders (@tanstack/react-virtual): while `windowed`, those in view of its scroll
 * element and a few more, with the heights the rows above and below would take (for `SpacerRow`s);
 * otherwise every row (a short table, or one being printed). Each row is taken as `rowHeight` tall unless
 * the table hands its rows `measure` as their ref (with `data-index`), which measures them.
 */
export function useWindowedRows({
  count,
  windowed,
  rowHeight,
  overscan,
  getScrollElement,
}: {
  count: number;
  windowed: boolean;
  rowHeight: number;
  overscan: number;
  getScrollElement: () => HTMLElement | null;
}): {
  indexes: number[];
  before: number;
  after: number;
  measure: ((row: Element | null) => void) | undefined;
} {
  // The virtualizer keeps its own state; the React Compiler leaves the component alone, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    enabled: windowed,
    getScrollElement,
    estimateSize: () => rowHeight,
    overscan,
  });
  if (!windowed)
    return {
      indexes: Array.from({ length: count }, (_, index) => index),
      before: 0,
      after: 0,
      measure: undefined,
    };
  const items = virtualizer.getVirtualItems();
  return {
    indexes: items.map((item) => item.index),
    before: items[0]?.start ?? 0,
    after: virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0),
    measure: virtualizer.measureElement,
  };
}
