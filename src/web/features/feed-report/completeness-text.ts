import { plural, t } from '@lingui/core/macro';
import type { PeriodStatus } from '../../../contract/feed-completeness.ts';
import { formatNumber } from '../../lib/format.ts';
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
export function incompleteText(row: ReportRow): string {
  const label = row.label;
  const values = valuesText(row.sampleCount, row.expected);
  return t`${label}: ${values}`;
}

/** A completeness as "81.7 %" in the UI language, rounded down: "100 %" only when nothing is missing. */
export function completenessPercent(share: number): string {
  return formatNumber(Math.floor(share * 1000) / 1000, { style: 'percent', maximumFractionDigits: 1 });
}
