import type { PeriodStatus } from '../../../../contract/feed-completeness.ts';
import type { ReportRow } from '../data/report-rows.ts';

const HOUR = 3_600_000;

/** A report row of `hours` from `start` with the energy and status given. */
function row(hours: number, energyKwh: number | null, status: PeriodStatus, start = 0): ReportRow {
  return {
    start,
    end: start + hours * HOUR,
    label: String(start),
    energyKwh,
    sampleCount: 0,
    expected: 4,
    status,
    cut: null,
  };
}

/** Rows one after another, each an hour unless given. */
export function rows(...specs: [number | null, PeriodStatus, number?][]): ReportRow[] {
  let start = 0;
  return specs.map(([energy, status, hours = 1]) => {
    const made = row(hours, energy, status, start);
    start = made.end;
    return made;
  });
}
