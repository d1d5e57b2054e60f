import { plural, t } from '@lingui/core/macro';
import type { PeriodStatus } from '../../../../contract/feed-completeness.ts';
import type { Span } from '../../../../contract/feed-period-rules.ts';
import { currentFormattingLocale } from '../../../i18n/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { ReportRow } from './report-rows.ts';

/** A period's status in words: "complete", "incomplete", "no data", "not yet delivered". */
export function statusText(status: PeriodStatus): string {
  switch (status) {
    case 'complete':
      return t`complete`;
    case 'incomplete':
      return t`incomplete`;
    case 'gap':
      return t`no data`;
    case 'not-yet-delivered':
      return t`not yet delivered`;
  }
}

/**
 * A partial period's status: "partial" when it holds every value of its days inside the range, else both
 * words ("partial, incomplete"): partial says the range cuts it, incomplete that values are missing.
 */
export function rowStatusText(row: Pick<ReportRow, 'status' | 'cut'>): string {
  const status = statusText(row.status);
  if (!row.cut) return status;
  return row.status === 'complete' ? t`partial` : t`partial, ${status}`;
}

const dayRanges = new Map<string, Intl.DateTimeFormat>();

/**
 * The days a span covers in the zone, in the UI language: "15–31 Jan" / "Jan 15 – 31", "15.–31. Jan.",
 * across months "30 Jan – 2 Feb"; a single day alone.
 */
export function coveredDaysText(span: Span, timeZone: string, locale = currentFormattingLocale()): string {
  const key = `${locale} ${timeZone}`;
  let format = dayRanges.get(key);
  if (!format)
    dayRanges.set(
      key,
      (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone })),
    );
  // The span's end is the next day's midnight: its last day is the one before.
  return format.formatRange(new Date(span.start), new Date(span.end - 1));
}

/** The period as table, summary, tooltip and Excel name it: "2025-01", a partial one "2025-01 (15–31 Jan)". */
export function periodName(row: Pick<ReportRow, 'label' | 'cut'>, timeZone: string): string {
  return row.cut ? `${row.label} (${coveredDaysText(row.cut, timeZone)})` : row.label;
}

/** "8 of 96 values", numbers in the UI language's digits. */
export function valuesText(held: number, expected: number): string {
  const heldText = formatNumber(held);
  const expectedText = formatNumber(expected);
  return plural(expected, {
    one: `${heldText} of ${expectedText} value`,
    other: `${heldText} of ${expectedText} values`,
  });
}

/** "8 of 96" for a row's values, "96" when it holds all it should. */
export function rowValuesText(row: ReportRow): string {
  if (row.status === 'complete') return formatNumber(row.sampleCount);
  const held = formatNumber(row.sampleCount);
  const expected = formatNumber(row.expected);
  return t`${held} of ${expected}`;
}

/** "2025-08-12: 8 of 96 values", the summary's line for an incomplete period. */
export function incompleteText(row: ReportRow, timeZone: string): string {
  const label = periodName(row, timeZone);
  const values = valuesText(row.sampleCount, row.expected);
  return t`${label}: ${values}`;
}

/** A completeness as "81.7 %" in the UI language, rounded down: "100 %" only when nothing is missing. */
export function completenessPercent(share: number): string {
  return formatNumber(Math.floor(share * 1000) / 1000, { style: 'percent', maximumFractionDigits: 1 });
}
