import type { AggregationType } from '../../../../contract/api/feed.ts';
import { rangeDays, type DateRange } from '../data/report-range.ts';
import type { ReportView } from '../data/report-view.ts';

/**
 * The chart's props that follow from the report and where it stands (range, aggregation, zone): the same
 * for the console's report and a shared link's page.
 */
export function feedChartProps(
  report: ReportView,
  range: DateRange,
  aggregation: AggregationType,
  timeZone: string,
) {
  return {
    rows: report.rows,
    gaps: report.summary.gaps,
    incomplete: report.summary.incomplete,
    notYetDelivered: report.summary.notYetDelivered,
    aggregation,
    timeZone,
    unit: report.unit,
    spanDays: rangeDays(range),
    // Only once drawn at its width for this report.
    drawnFor: `${range.from}/${range.to}/${aggregation}/${timeZone}`,
  };
}
