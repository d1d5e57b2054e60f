import type { AggregationType, FeedRecord } from '../../../../contract/api/feed.ts';
import {
  expectedValues,
  MARKET_RESOLUTION_MS,
  periodStatus,
  type PeriodStatus,
} from '../../../../contract/feed-completeness.ts';
import { cutSpan, wholePeriodExtremes, type Span } from '../../../../contract/feed-period-rules.ts';
import {
  formatLocalInstant,
  periodsOverlapping,
  wallTimeAt,
  type Period,
} from '../../../../contract/time-zone-periods.ts';
import { recordStarts } from './loaded-raw.ts';

const HOUR = 3_600_000;

/** One calendar period of the range: its values, or none (a gap, never a zero). */
export interface ReportRow {
  start: number;
  end: number;
  /** The period in the zone: `2025`, `2025-08`, `2025-W33`, `2025-08-12`, `2025-10-26 02:00 +01:00`. */
  readonly label: string;
  energyKwh: number | null;
  sampleCount: number;
  /** Values the period should hold: its length (cut to the range) at the contract's resolution. */
  expected: number;
  status: PeriodStatus;
  /**
   * The part of the period inside the report's range when the range cuts it (a partial period: a month
   * report from 15 Jan holds 15–31 Jan of January), else null.
   */
  readonly cut: Span | null;
}

/** Hours of the period that the report covers: the part inside the range of a partial period. */
export function coveredHours(row: ReportRow): number {
  const span = row.cut ?? row;
  return (span.end - span.start) / HOUR;
}

/** What decides a row's completeness besides its record. */
export interface Completeness {
  /** The report's range: a period cut by it should hold only the values inside. */
  rangeStart: number;
  rangeEnd: number;
  resolutionMs: number;
  /** The page's "now": periods ending after now less the delivery delay are not yet delivered. */
  now: number;
}

/**
 * The calendar periods of the range in the zone, the same code the sandbox buckets with: for raw values
 * every interval of the resolution (15 minutes unless the records show another), else every period of the aggregation (the first and last keep their calendar
 * bounds when the range cuts them, as the API's records do).
 */
export function rangePeriods(
  start: number,
  end: number,
  aggregation: AggregationType,
  timeZone: string,
  resolutionMs = MARKET_RESOLUTION_MS,
): Period[] {
  if (aggregation !== 'raw') return periodsOverlapping(start, end, aggregation, timeZone);
  const periods: Period[] = [];
  for (let slot = Math.ceil(start / resolutionMs) * resolutionMs; slot < end; slot += resolutionMs) {
    periods.push({ start: slot, end: slot + resolutionMs });
  }
  return periods;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** ISO 8601 week-numbering year and week of a date given by its UTC fields. */
function isoWeek(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  // The Thursday of the week decides the year.
  date.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const weekYear = date.getUTCFullYear();
  const week = Math.floor((date.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${pad(weekYear, 4)}-W${pad(week)}`;
}

export function periodLabel(start: number, aggregation: AggregationType, timeZone: string): string {
  const wall = wallTimeAt(start, timeZone);
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  switch (aggregation) {
    case 'year':
      return pad(wall.year, 4);
    case 'month':
      return date.slice(0, 7);
    case 'week':
      return isoWeek(wall.year, wall.month, wall.day);
    case 'day':
      return date;
    default: {
      // The offset tells the repeated autumn hour from the first one.
      const local = formatLocalInstant(start, timeZone);
      return `${date} ${local.slice(11, 16)} ${local.slice(19)}`;
    }
  }
}

/**
 * A row named when its label is first read: a year of raw values has 35,040 rows, of which only the few
 * on screen (table rows, axis ticks, the tooltip, the summary's peak and gaps) are ever named.
 */
class LazilyLabelledRow implements ReportRow {
  private named: string | undefined;
  constructor(
    readonly start: number,
    readonly end: number,
    readonly energyKwh: number | null,
    readonly sampleCount: number,
    readonly expected: number,
    readonly status: PeriodStatus,
    readonly cut: Span | null,
    private readonly aggregation: AggregationType,
    private readonly timeZone: string,
  ) {}
  get label(): string {
    return (this.named ??= periodLabel(this.start, this.aggregation, this.timeZone));
  }
}

/**
 * One row per period; records are matched to periods by their start instant. Each row knows how many
 * values it should hold and its status (complete, incomplete, gap, not yet delivered). Without
 * `completeness`, the range is the periods' own, the resolution 15 minutes and "now" the clock's.
 */
export function reportRows(
  periods: readonly Period[],
  records: readonly FeedRecord[],
  aggregation: AggregationType,
  timeZone: string,
  completeness?: Completeness,
): ReportRow[] {
  const rangeStart = completeness?.rangeStart ?? periods[0]?.start ?? 0;
  const rangeEnd = completeness?.rangeEnd ?? periods.at(-1)?.end ?? 0;
  const resolution = completeness?.resolutionMs ?? MARKET_RESOLUTION_MS;
  const now = completeness?.now ?? Date.now();
  // Records and periods both in order (as the API sends them): one walk matches them, no map of 35,040.
  const starts = recordStarts(records);
  let next = 0;
  let sorted = true;
  for (let index = 1; index < starts.length && sorted; index++) sorted = starts[index - 1]! < starts[index]!;
  const byStart = sorted ? null : new Map(records.map((record, index) => [starts[index]!, record]));
  return periods.map((period) => {
    let record: FeedRecord | undefined;
    if (byStart) record = byStart.get(period.start);
    else {
      while (next < starts.length && starts[next]! < period.start) next++;
      if (starts[next] === period.start) record = records[next];
    }
    const sampleCount = record ? record.sample_count : 0;
    const from = Math.max(period.start, rangeStart);
    const to = Math.min(period.end, rangeEnd);
    const expected = expectedValues(from, to, resolution);
    return new LazilyLabelledRow(
      period.start,
      period.end,
      record ? record.energy_kwh : null,
      sampleCount,
      expected,
      periodStatus(sampleCount, expected, to, now),
      cutSpan(period, { start: rangeStart, end: rangeEnd }),
      aggregation,
      timeZone,
    );
  });
}

/** A run of consecutive periods of one status (gaps, not yet delivered), or one incomplete period. */
export interface PeriodRun {
  /** The first row's position in the rows (the chart's x for aggregates). */
  firstIndex: number;
  first: ReportRow;
  last: ReportRow;
  periods: number;
}
/** A run of consecutive periods without data. */
export type GapRun = PeriodRun;

export interface ReportSummary {
  totalKwh: number;
  /** The whole period with the most energy: periods cut by the range are no peak (null if all are cut). */
  peak: ReportRow | null;
  /** The whole period with the least energy, as the peak. */
  lowest: ReportRow | null;
  /** Periods with values that the range cuts (partial), left out of the peak and the lowest. */
  partialWithData: number;
  periodsWithData: number;
  /** Due periods without any value, in runs. */
  gaps: PeriodRun[];
  gapPeriods: number;
  /** Due periods with some values but not all, one entry each. */
  incomplete: PeriodRun[];
  incompletePeriods: number;
  /** Periods whose values are not all due yet, in runs. */
  notYetDelivered: PeriodRun[];
  notYetDeliveredPeriods: number;
  /** Values held and expected over the due periods (not those not yet delivered). */
  valuesHeld: number;
  valuesExpected: number;
  /** Hours of the range (cut to it) covered by periods with data: the capacity factor's denominator. */
  hoursWithData: number;
}

function extendRun(runs: PeriodRun[], row: ReportRow, index: number) {
  const last = runs.at(-1);
  if (last && last.firstIndex + last.periods === index) {
    last.last = row;
    last.periods++;
  } else runs.push({ firstIndex: index, first: row, last: row, periods: 1 });
}

export function summarise(rows: readonly ReportRow[], rangeStart: number, rangeEnd: number): ReportSummary {
  // Sum in Wh: kWh with three decimals are exact integers there.
  let totalWh = 0;
  let periodsWithData = 0;
  let coveredMs = 0;
  let valuesHeld = 0;
  let valuesExpected = 0;
  const gaps: PeriodRun[] = [];
  const incomplete: PeriodRun[] = [];
  const notYetDelivered: PeriodRun[] = [];
  for (const [index, row] of rows.entries()) {
    if (row.status === 'not-yet-delivered') extendRun(notYetDelivered, row, index);
    else {
      valuesHeld += Math.min(row.sampleCount, row.expected);
      valuesExpected += row.expected;
      if (row.status === 'gap') extendRun(gaps, row, index);
      else if (row.status === 'incomplete')
        incomplete.push({ firstIndex: index, first: row, last: row, periods: 1 });
    }
    if (row.energyKwh === null) continue;
    totalWh += Math.round(row.energyKwh * 1000);
    periodsWithData++;
    coveredMs += Math.min(row.end, rangeEnd) - Math.max(row.start, rangeStart);
  }
  const { peak, lowest, cutWithValues } = wholePeriodExtremes(rows);
  const count = (runs: PeriodRun[]) => runs.reduce((sum, run) => sum + run.periods, 0);
  return {
    totalKwh: totalWh / 1000,
    peak,
    lowest,
    partialWithData: cutWithValues,
    periodsWithData,
    gaps,
    gapPeriods: count(gaps),
    incomplete,
    incompletePeriods: incomplete.length,
    notYetDelivered,
    notYetDeliveredPeriods: count(notYetDelivered),
    valuesHeld,
    valuesExpected,
    hoursWithData: coveredMs / HOUR,
  };
}

/** Values held over values expected in the due periods, or null when no period is due yet. */
export function completeness(summary: ReportSummary): number | null {
  return summary.valuesExpected === 0 ? null : summary.valuesHeld / summary.valuesExpected;
}

/** Energy produced over what the nameplate could have produced in the hours with data, or null. */
export function capacityFactor(summary: ReportSummary, nameplateKw: number | null): number | null {
  if (!nameplateKw || nameplateKw <= 0 || summary.hoursWithData === 0) return null;
  return summary.totalKwh / (nameplateKw * summary.hoursWithData);
}

/**
 * Energy per kW of nameplate power (kWh/kWp): a period's yield comparable between plants of any size.
 * Null without a nameplate power or without energy (a gap has no yield, not 0).
 */
export function specificYield(energyKwh: number | null, nameplateKw: number | null): number | null {
  if (!nameplateKw || nameplateKw <= 0 || energyKwh === null) return null;
  return energyKwh / nameplateKw;
}

export interface EnergyUnit {
  unit: 'kWh' | 'MWh';
  /** Multiply kWh by this. */
  factor: number;
}

/** MWh once the largest value reaches 1,000 kWh, so axis labels keep few digits. */
export function energyUnit(maxKwh: number): EnergyUnit {
  return maxKwh >= 1000 ? { unit: 'MWh', factor: 1 / 1000 } : { unit: 'kWh', factor: 1 };
}

/** kWh in the unit; no value stays none. */
export const inUnit = (kwh: number | null | undefined, unit: EnergyUnit) =>
  kwh == null ? null : kwh * unit.factor;

export const CSV_HEADER = ['start_utc', 'end_utc', 'start_local', 'end_local', 'energy_kwh', 'sample_count'];

/** One CSV row per API record (pinned header), local times with their offset. */
export function csvRows(records: readonly FeedRecord[], timeZone: string): (string | number)[][] {
  return records.map((record) => [
    record.start,
    record.end,
    formatLocalInstant(Date.parse(record.start), timeZone),
    formatLocalInstant(Date.parse(record.end), timeZone),
    record.energy_kwh,
    record.sample_count,
  ]);
}

/** `feed-in_P1000_C1000_2025-08-10_2025-08-14_day_Europe-Berlin` (no characters a file system refuses). */
export function exportFileName(parts: {
  user: string;
  contract: string;
  from: string;
  to: string;
  aggregation: AggregationType;
  timeZone: string;
}): string {
  return ['feed-in', parts.user, parts.contract, parts.from, parts.to, parts.aggregation, parts.timeZone]
    .join('_')
    .replace(/[^\w.+-]/g, '-');
}
