import { useLayoutEffect, useRef, useState } from 'react';

/**
 * An element's width, read before the first paint and again when it changes: a view drawn for its width
 * is drawn once, at the right size, rather than at a guess and again a frame later.
 */
export function useElementWidth<Element extends HTMLElement>() {
  const element = useRef<Element>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const measured = element.current;
    if (!measured) return;
    setWidth(measured.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(measured);
    return () => observer.disconnect();
  }, []);
  return [element, width] as const;
}
