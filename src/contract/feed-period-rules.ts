/**
 * Rules of the feed-in report about its periods (issue 42), pure so the console and its tests share them:
 *
 * - a period (day, week, month, year) whose calendar span the report's range cuts is **partial**: only the
 *   part inside the range is reported, and it is named with the dates it covers. "Partial" says only this;
 *   a period lacking values is "incomplete" (`feed-completeness.ts`), and a partial period may be both;
 * - the peak and the lowest period are taken among whole periods with values: a cut month is not a
 *   month, and comparing it with whole ones would name a low it never had (or a peak, for a cut week);
 * - the difference to the compared range: absolute and relative, none where either side has no value.
 */

/** A stretch of time, `end` exclusive (epoch milliseconds). */
export interface Span {
  start: number;
  end: number;
}

/** The part of the period inside the range when the range cuts it, else null (the period is whole). */
export function cutSpan(period: Span, range: Span): Span | null {
  const start = Math.max(period.start, range.start);
  const end = Math.min(period.end, range.end);
  return start === period.start && end === period.end ? null : { start, end };
}

/** What the extremes need of a period: its energy (none for a gap) and whether the range cuts it. */
export interface PeriodEnergy {
  energyKwh: number | null;
  cut: Span | null;
}

export interface WholePeriodExtremes<Row> {
  /** The whole period with the most energy, or null when no whole period has values. */
  peak: Row | null;
  /** The whole period with the least energy (a gap has none, not 0), or null. */
  lowest: Row | null;
  /** Periods with values that the range cuts, left out of both. */
  cutWithValues: number;
}

/** The peak and the lowest among whole periods with values; the first wins a tie. */
export function wholePeriodExtremes<Row extends PeriodEnergy>(
  rows: readonly Row[],
): WholePeriodExtremes<Row> {
  let peak: Row | null = null;
  let lowest: Row | null = null;
  let cutWithValues = 0;
  for (const row of rows) {
    if (row.energyKwh === null) continue;
    if (row.cut) {
      cutWithValues++;
      continue;
    }
    if (!peak || row.energyKwh > peak.energyKwh!) peak = row;
    if (!lowest || row.energyKwh < lowest.energyKwh!) lowest = row;
  }
  return { peak, lowest, cutWithValues };
}

export interface EnergyDifference {
  /** This range's energy less the compared one's, in kWh (exact to the Wh). */
  kwh: number;
  /** The difference as a share of the compared energy (0.1 = +10 %), null when that is 0. */
  share: number | null;
}

/** This range's energy against the compared range's; null when either has no value (a gap is not 0). */
export function energyDifference(kwh: number | null, comparedKwh: number | null): EnergyDifference | null {
  if (kwh === null || comparedKwh === null) return null;
  // In Wh: kWh with three decimals are whole Wh, so 0.1 − 0.3 is −0.2 and not −0.19999999999999998.
  const wh = Math.round(kwh * 1000) - Math.round(comparedKwh * 1000);
  return { kwh: wh / 1000, share: comparedKwh === 0 ? null : wh / Math.round(comparedKwh * 1000) };
}
