import type { AggregationType, FeedRecord } from '../../../../contract/api/feed.ts';
import { deliveryHorizon, feedResolution } from '../../../../contract/feed-completeness.ts';
import {
  energyUnit,
  rangePeriods,
  reportRows,
  summarise,
  type EnergyUnit,
  type ReportRow,
  type ReportSummary,
} from './report-rows.ts';

/** What the report draws from one set of records: its rows, their summary, and the unit of the axis. */
export interface ReportView {
  rows: ReportRow[];
  summary: ReportSummary;
  unit: EnergyUnit;
  /** The contract's resolution as the records show it (15 minutes unless they show another). */
  resolutionMs: number;
}

// Per records array (the query cache's own, so an entry lives as long as the data), the views drawn
// from it. Going back to a view (a zone or aggregation change undone, Back in the browser) then redraws
// without labelling 35,040 rows again. A few views per array: raw records serve every zone.
const views = new WeakMap<readonly FeedRecord[], Map<string, ReportView>>();
const VIEWS_PER_RECORDS = 4;

export function reportView(
  records: readonly FeedRecord[],
  start: number,
  end: number,
  aggregation: AggregationType,
  timeZone: string,
  /** The page's "now" (fixed while it is open; a test's clock): decides what is not yet delivered. */
  now: number,
): ReportView {
  let byKey = views.get(records);
  if (!byKey) views.set(records, (byKey = new Map()));
  const key = `${start}/${end}/${aggregation}/${timeZone}/${deliveryHorizon(now)}`;
  const known = byKey.get(key);
  if (known) return known;
  const resolutionMs = feedResolution(records, aggregation);
  const rows = reportRows(
    rangePeriods(start, end, aggregation, timeZone, resolutionMs),
    records,
    aggregation,
    timeZone,
    { rangeStart: start, rangeEnd: end, resolutionMs, now },
  );
  const maxKwh = rows.reduce((max, row) => Math.max(max, row.energyKwh ?? 0), 0);
  const view = { rows, summary: summarise(rows, start, end), unit: energyUnit(maxKwh), resolutionMs };
  if (byKey.size >= VIEWS_PER_RECORDS) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, view);
  return view;
}
