import type { PeriodStatus } from '../../../../contract/feed-completeness.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { Span } from '../../../../contract/feed-period-rules.ts';
import { rowStatusText } from '../data/completeness-text.ts';
import { specificYield } from '../data/report-rows.ts';

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
