/**
 * The feed-in report's rows for a year of raw values (35,040 quarter hours in Europe/Berlin): as the
 * report builds them (each row named when first read) beside naming every row up front, as it did
 * before. Medians of 15 runs after 3 warm-ups, in this process.
 */
import type { FeedRecord } from '../src/contract/api/feed.ts';
import { formatUtcInstant } from '../src/contract/time-zone-periods.ts';
import { rangePeriods, reportRows, summarise } from '../src/web/features/feed-report/data/report-rows.ts';

type Row = (...cells: (string | number)[]) => void;

function medianMs(work: () => void, runs = 15): number {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    work();
    if (i >= 3) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export function benchReportRows(row: Row): void {
  const zone = 'Europe/Berlin';
  // 2025 in Berlin: local midnight to local midnight (report-range.ts speaks through Lingui's macros).
  const [start, end] = [Date.parse('2024-12-31T23:00:00Z'), Date.parse('2025-12-31T23:00:00Z')];
  const records: FeedRecord[] = rangePeriods(start, end, 'raw', zone).map((period) => ({
    start: formatUtcInstant(period.start),
    end: formatUtcInstant(period.end),
    energy_kwh: 1.25,
    sample_count: 1,
  }));
  const rowsAndSummary = () => {
    const rows = reportRows(rangePeriods(start, end, 'raw', zone), records, 'raw', zone);
    summarise(rows, start, end);
    return rows;
  };
  const lazily = medianMs(() => void rowsAndSummary());
  const eagerly = medianMs(() => {
    for (const reportRow of rowsAndSummary()) void reportRow.label;
  });
  row(
    'report rows, a raw year (35,040)',
    `${lazily.toFixed(1)} ms, labels when read`,
    `every label up front: ${eagerly.toFixed(1)} ms`,
    `${(eagerly / lazily).toFixed(1)} x faster`,
  );
}
