import type { Ref, RefObject } from 'react';
import { WithCharts } from './chart/lazy-charts.tsx';
import type { FeedParams } from './api/get-feed.ts';
import type { ChartColors } from './chart/chart-colors.ts';
import { HeatmapView } from './heatmap/heatmap-view.tsx';
import type { ReportState } from './data/report-state.ts';
import { rangeDays } from './data/report-range.ts';
import type { ReportRow } from './data/report-rows.ts';
import type { ReportViewName } from './data/report-search.ts';
import type { ReportView } from './data/report-view.ts';
import type * as ReportExports from './export/report-export.ts';

/**
 * A view's Excel file, made from the export code once it has loaded (it loads on the first download, not with
 * the page: a type-only reference here keeps it out of the route's chunk).
 */
export type ViewExcel = (exports: typeof ReportExports) => string;

/** The view the URL names other than the chart, with its own table and Excel rows. */
export function ReportViewBody({
  ref,
  view,
  params,
  report,
  compareRows,
  compareLabel,
  state,
  now,
  colors,
  printing,
  excelRef,
}: {
  ref: Ref<HTMLDivElement>;
  view: Exclude<ReportViewName, 'chart'>;
  params: FeedParams;
  report: ReportView;
  compareRows: readonly ReportRow[] | null;
  compareLabel: string;
  state: ReportState;
  now: number;
  colors: ChartColors;
  /** The page is being printed: tables list every row. */
  printing: boolean;
  excelRef: RefObject<ViewExcel | null>;
}) {
  const { range, aggregation, timeZone } = state;
  const lineProps = { ref, rows: report.rows, compareRows, compareLabel, aggregation, colors, excelRef };
  switch (view) {
    case 'heatmap':
      return (
        <HeatmapView
          ref={ref}
          params={params}
          range={range}
          aggregation={aggregation}
          timeZone={timeZone}
          now={now}
          colors={colors}
          capacityKw={state.capacityKw}
          printing={printing}
          excelRef={excelRef}
        />
      );
    case 'duration':
      return <WithCharts>{({ DurationView }) => <DurationView {...lineProps} />}</WithCharts>;
    case 'cumulative':
      return (
        <WithCharts>
          {({ CumulativeView }) => (
            <CumulativeView
              {...lineProps}
              range={range}
              timeZone={timeZone}
              spanDays={rangeDays(range)}
              printing={printing}
            />
          )}
        </WithCharts>
      );
  }
}
