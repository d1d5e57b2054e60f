import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table's own scrolling region: the page never scrolls sideways, the table does. Focusable while
 * it overflows (keyboard users scroll it with the arrow keys) and named for screen readers; while its content is
 * wider than the region, a visible hint says there is more to the side.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** What the region holds, e.g. "Schedule"; read by screen readers when it gets focus. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const region = useRef<HTMLDivElement>(null);
  // Sideways (the hint says so) or downwards (a long table in its 70vh region): either way a keyboard
  // user must be able to reach the region to scroll it.
  const [overflow, setOverflow] = useState({ sideways: false, any: false });
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const sideways = element.scrollWidth > element.clientWidth + 1;
      const any = sideways || element.scrollHeight > element.clientHeight + 1;
      setOverflow((last) => (last.sideways === sideways && last.any === any ? last : { sideways, any }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div className="scroll-region">
      {overflow.sideways && (
        <p className="scroll-region__hint" aria-hidden="true">
          {t`Scroll sideways to see every column →`}
        </p>
      )}
      <div
        ref={region}
        className={`table-scroll${className ? ` ${className}` : ''}`}
        // A tab stop only while there is something to scroll to from the keyboard.
        tabIndex={overflow.any ? 0 : undefined}
        role="region"
        aria-label={label}
      >
        {children}
      </div>
    </div>
  );
}
