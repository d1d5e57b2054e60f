import type { Ref, RefObject } from 'react';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import type { ReportRow } from '../data/report-rows.ts';
import type { ViewExcel } from '../report-view-body.tsx';
import type { ChartColors } from './chart-colors.ts';

/** What the line views (duration curve, running sums) are drawn from: the report's periods and the comparison's. */
export interface LineViewProps {
  ref: Ref<HTMLDivElement>;
  rows: readonly ReportRow[];
  compareRows: readonly ReportRow[] | null;
  compareLabel: string;
  aggregation: AggregationType;
  colors: ChartColors;
  /** Filled with the view's Excel file maker. */
  excelRef: RefObject<ViewExcel | null>;
}
