import type { ReportRow } from '../data/report-rows.ts';
import { firstIndexWhere } from './first-index-where.ts';

const HOUR = 3_600_000;

/** One step of the load-duration curve: the value held from `share` of the time up to the next step. */
export interface DurationStep {
  /** Share of the time with values (0–1) at which this period's step begins. */
  share: number;
  kwh: number;
  row: ReportRow;
}

export interface DurationCurve {
  /** Highest first; the last step runs to share 1. */
  steps: DurationStep[];
  /** Hours of the periods on the curve: the time the shares are of. */
  hours: number;
  /** Periods left off: gaps and not yet delivered have no value; an incomplete one's value is partial. */
  leftOut: { gaps: number; incomplete: number; notYetDelivered: number };
}

/**
 * The periods' values sorted from highest to lowest, each step as wide as its period's share of the time
 * (a month of 31 days is wider than February, the autumn day wider than the spring day; quarter hours are
 * all equal). Only complete periods are on it: a gap has no value, and an incomplete period's energy is
 * partial — it would show as a low period that never happened.
 */
export function durationCurve(rows: readonly ReportRow[]): DurationCurve {
  let curve = curves.get(rows);
  if (!curve) curves.set(rows, (curve = sortedCurve(rows)));
  return curve;
}

// Per rows array (the report view's cached one): sorting a year of quarter hours takes ~15 ms, so a switch
// to the curve, warmed while the browser was idle (warm-views.ts), sorts nothing.
const curves = new WeakMap<readonly ReportRow[], DurationCurve>();

function sortedCurve(rows: readonly ReportRow[]): DurationCurve {
  const leftOut = { gaps: 0, incomplete: 0, notYetDelivered: 0 };
  const complete: ReportRow[] = [];
  for (const row of rows) {
    if (row.status === 'complete' && row.energyKwh !== null) complete.push(row);
    else if (row.status === 'gap') leftOut.gaps++;
    else if (row.status === 'incomplete') leftOut.incomplete++;
    else if (row.status === 'not-yet-delivered') leftOut.notYetDelivered++;
  }
  complete.sort((a, b) => b.energyKwh! - a.energyKwh! || a.start - b.start);
  const totalMs = complete.reduce((sum, row) => sum + (row.end - row.start), 0);
  let elapsed = 0;
  const steps = complete.map((row) => {
    const step = { share: totalMs === 0 ? 0 : elapsed / totalMs, kwh: row.energyKwh!, row };
    elapsed += row.end - row.start;
    return step;
  });
  return { steps, hours: totalMs / HOUR, leftOut };
}

/** The value reached or exceeded during `share` of the time (0 gives the peak, 1 the lowest), or null. */
export function valueAtShare(curve: DurationCurve, share: number): number | null {
  const { steps } = curve;
  if (steps.length === 0) return null;
  // The last step whose start is at or before the share (the steps are in share order), else the peak's.
  const after = firstIndexWhere(steps.length, (index) => steps[index]!.share > share);
  return steps[Math.max(0, after - 1)]!.kwh;
}

/** The shares the table lists: the peak, every tenth of the time, the lowest. */
export const TABLE_SHARES = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;

/**
 * The curve as at most `maxPoints` (share, value) points for drawing: a year of quarter hours is 35,040
 * steps, more than a chart has pixels. The curve falls monotonically, so evenly spaced steps keep its
 * shape; the first and the last (the peak and the lowest value, at share 1) are always kept.
 */
export function drawnDurationPoints(
  curve: DurationCurve,
  maxPoints: number,
): { share: number; kwh: number }[] {
  const { steps } = curve;
  if (steps.length === 0) return [];
  const every = Math.max(1, Math.ceil(steps.length / Math.max(2, maxPoints - 1)));
  const points: { share: number; kwh: number }[] = [];
  for (let index = 0; index < steps.length; index += every)
    points.push({ share: steps[index]!.share, kwh: steps[index]!.kwh });
  const last = steps.at(-1)!;
  if (points.at(-1)!.share !== last.share) points.push({ share: last.share, kwh: last.kwh });
  // The last step is held to the end of the time.
  points.push({ share: 1, kwh: last.kwh });
  return points;
}
