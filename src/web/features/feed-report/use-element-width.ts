import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The last width each kind of element had on this page: a view drawn again (the running sum after the
 * duration curve, the chart after the heatmap) starts at it, and is drawn once instead of rendered empty,
 * its width read in a forced layout and rendered again. Its ResizeObserver corrects a width that changed
 * meanwhile.
 */
const lastWidths = new Map<string, number>();

/**
 * An element's width, read before the first paint and again when it changes: a view drawn for its width
 * is drawn once, at the right size, rather than at a guess and again a frame later. `kind` names elements
 * that share their width (the duration curve's and the running sum's, which take the same place).
 */
export function useElementWidth<Element extends HTMLElement>(kind: string) {
  const element = useRef<Element>(null);
  const [width, setWidth] = useState(() => lastWidths.get(kind) ?? 0);
  useLayoutEffect(() => {
    const measured = element.current;
    if (!measured) return;
    const known = (next: number) => {
      lastWidths.set(kind, next);
      setWidth(next);
    };
    // No width of this kind yet (or none but 0, as before layout): read it now, before the first paint.
    if (!lastWidths.get(kind)) known(measured.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) known(Math.round(entry.contentRect.width));
    });
    observer.observe(measured);
    return () => observer.disconnect();
  }, [kind]);
  return [element, width] as const;
}
