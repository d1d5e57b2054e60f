import { useEffect, type RefObject } from 'react';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import { currentFormattingLocale } from '../../../i18n/i18n.ts';
import type { ReportRow } from '../data/report-rows.ts';
import type { ViewExcel } from '../report-view-body.tsx';
import { useElementWidth } from '../use-element-width.ts';
import { plotArea } from './chart-style.ts';
import { COMPACT_BELOW_PX, type TickStyle } from './chart-ticks.ts';

/**
 * What the report's chart views (the feed chart, the duration curve, the running sum) repeat around their
 * drawing: the width read before the first paint (`kind` names views that take the same place and share
 * it) and the plot inside it, the attribute that tells a test what is drawn once it is drawn at that width,
 * and, for a view with a table of its own, its Excel rows handed to the page's export while it is shown.
 */
export function useChartFrame(kind: string, excelRef?: RefObject<ViewExcel | null>, buildExcel?: ViewExcel) {
  const [sizer, width] = useElementWidth<HTMLDivElement>(kind);
  // After every render: the rows are built from what this render shows.
  useEffect(() => {
    if (!excelRef || !buildExcel) return;
    excelRef.current = buildExcel;
    return () => {
      excelRef.current = null;
    };
  });
  // Nothing is drawn before the first measure of the width (the chart is drawn once, at its width).
  const drawn = width > 0;
  return {
    sizer,
    width,
    drawn,
    plot: plotArea(width),
    drawnFor: (what: string) => (drawn ? what : undefined),
  };
}

/** The time axis's labels for a plot this wide over these periods, in the console's formatting locale. */
export function periodTickStyle({
  rows,
  aggregation,
  plotWidth,
  spanDays,
  timeZone,
}: {
  rows: readonly ReportRow[];
  aggregation: AggregationType;
  plotWidth: number;
  spanDays: number;
  timeZone: string;
}): TickStyle {
  return {
    aggregation,
    compact: plotWidth < COMPACT_BELOW_PX,
    oneYear: rows[0]?.label.slice(0, 4) === rows.at(-1)?.label.slice(0, 4),
    spanDays,
    timeZone,
    locale: currentFormattingLocale(),
  };
}
