import { t } from '@lingui/core/macro';
import { useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { movedPeriod, type PlotSpan } from './chart-pointer.ts';

/** The marked areas' labels (no data, ◐ 8/96) sit at the plot's top: the tooltip keeps below them. */
const TOOLTIP_DROP_PX = 24;

/** A chart's name with what its keys do, for the surface's label. */
export const surfaceLabel = (label: string) =>
  t`${label}. Arrow keys move by a period, Page Up and Page Down by ten, Home and End to the first and last.`;

export interface ChartSurfaceProps {
  /** How many points the cursor walks: periods, or a curve's drawn points. */
  count: number;
  /** The point nearest a pixel column of the plot (null: none). */
  indexAt: (x: number) => number | null;
  /** Where a point is drawn, in pixels from the chart's left. */
  xOf: (index: number) => number;
  /** A point in words: its name first, then each series' value. */
  linesOf: (index: number) => string[];
  plot: PlotSpan & { top: number; height: number };
  /** The chart's name for assistive technology, with what its keys do. */
  label: string;
  /** The drawn chart: passed in, so a move of the pointer re-renders the tooltip, never the chart. */
  children: ReactNode;
}

/**
 * A chart's interactive surface: the point under the pointer, or under the keyboard's cursor (arrow keys,
 * Page Up/Down by ten, Home/End), marked by a line and told in a tooltip and, for the keyboard, a live
 * region. Recharts' tooltip needs its own series, which the report's charts no longer draw (series-paths.ts).
 */
export function ChartSurface({ count, indexAt, xOf, linesOf, plot, label, children }: ChartSurfaceProps) {
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  // Within the points drawn now: the data can change under a cursor or a still pointer.
  const inRange = (index: number | null) =>
    index === null || count === 0 ? null : Math.min(index, count - 1);
  const shown = inRange(hover) ?? (focused ? inRange(cursor) : null);
  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    return x < plot.left || x > plot.left + plot.width ? null : indexAt(x);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const next = movedPeriod(inRange(cursor) ?? 0, event.key, count);
    if (next === null) return;
    event.preventDefault();
    setHover(null);
    setCursor(next);
  };
  const x = shown === null ? 0 : xOf(shown);
  const cursorIndex = focused ? inRange(cursor) : null;
  return (
    <>
      <div
        className="chart-surface"
        tabIndex={0}
        role="application"
        aria-roledescription={t`chart`}
        aria-label={label}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          if (cursor === null) setCursor(0);
        }}
        onBlur={() => setFocused(false)}
        onPointerMove={(event) => setHover(pointAt(event))}
        // A click or a tap (which moves no pointer first) shows the point under it, and the keyboard goes on
        // from there; focus alone would put the cursor on the first point.
        onPointerDown={(event) => {
          const index = pointAt(event);
          setHover(index);
          if (index !== null) setCursor(index);
        }}
        onPointerLeave={() => setHover(null)}
      >
        {/* The drawn chart is what the label and the live region say; its tick labels are not read one by one. */}
        <div aria-hidden="true">{children}</div>
        {shown !== null && (
          <>
            <div
              className="chart-surface__cursor"
              style={{ left: Math.round(x), top: plot.top, height: plot.height }}
            />
            <div
              className="chart-surface__tooltip"
              aria-hidden="true"
              // Beside the cursor, on the side with more room, below the marked areas' labels.
              style={
                x > plot.left + plot.width / 2
                  ? { right: `calc(100% - ${Math.round(x) - 8}px)`, top: plot.top + TOOLTIP_DROP_PX }
                  : { left: Math.round(x) + 8, top: plot.top + TOOLTIP_DROP_PX }
              }
            >
              {linesOf(shown).map((line, index) => (
                <span key={index} className={index === 0 ? 'chart-surface__period' : undefined}>
                  {line}
                </span>
              ))}
            </div>
          </>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {cursorIndex === null ? '' : linesOf(cursorIndex).join('; ')}
      </p>
    </>
  );
}
