import { t } from '@lingui/core/macro';
import type { PeriodStatus } from '../../../../contract/feed-completeness.ts';
import { numeric, type Column } from '../../../components/column-headers.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { Span } from '../../../../contract/feed-period-rules.ts';
import { rowStatusText, rowValuesText, statusText } from '../data/completeness-text.ts';
import { coveredHours, specificYield, type ReportRow } from '../data/report-rows.ts';

/**
 * The headings of the columns the periods' table and the heatmap's table both give a period, so the two
 * name them alike.
 */
export function periodColumns(): Record<'hours' | 'energy' | 'values' | 'status' | 'specificYield', Column> {
  return {
    // A day's length shows the DST days (23 and 25 hours) at a glance.
    hours: numeric(t`Hours`),
    energy: numeric(t`Energy (kWh)`),
    values: numeric(t`Values`),
    status: t`Status`,
    specificYield: numeric(t`Specific yield (kWh/kWp)`),
  };
}

/** kWh to the Wh (three decimals), or a dash where there is no value. */
export const kwhText = (kwh: number | null | undefined) =>
  kwh == null ? '—' : formatNumber(kwh, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * The hours a period covers inside the range, to four decimals: exact for every quarter hour (0.25) and
 * for the zones whose clocks change by half an hour (a 23.5-hour day).
 */
export const hoursText = (row: ReportRow) => formatNumber(coveredHours(row), { maximumFractionDigits: 4 });

/** A period's hours (hidden on a narrow screen, where the row keeps its place). */
export function HoursCell({ row, hidden = false }: { row: ReportRow; hidden?: boolean }) {
  return (
    <td className="numeric" hidden={hidden}>
      {hoursText(row)}
    </td>
  );
}

/** A period's energy in kWh, or why it has none ("no data", "not yet delivered"). */
export function EnergyCell({ row }: { row: ReportRow }) {
  return (
    <td className="numeric">{row.energyKwh === null ? statusText(row.status) : kwhText(row.energyKwh)}</td>
  );
}

/** The values a period holds, of those expected where it lacks some. */
export function ValuesCell({ row, hidden = false }: { row: ReportRow; hidden?: boolean }) {
  return (
    <td className="numeric" hidden={hidden}>
      {rowValuesText(row)}
    </td>
  );
}

/**
 * A row's status in words, with its mark (◐ incomplete, … not yet delivered), so print says it too; a
 * period the range cuts says "partial" first.
 */
export function StatusCell({ status, cut = null }: { status: PeriodStatus; cut?: Span | null }) {
  return (
    <td className="status">
      {status === 'incomplete' && <span aria-hidden="true">◐ </span>}
      {status === 'not-yet-delivered' && <span aria-hidden="true">… </span>}
      {rowStatusText({ status, cut })}
    </td>
  );
}

/** A period's kWh/kWp, or a dash for a period without energy. */
export function yieldText(energyKwh: number | null, capacityKw: number): string {
  const value = specificYield(energyKwh, capacityKw);
  return value === null ? '—' : formatNumber(value, { maximumFractionDigits: 3 });
}
