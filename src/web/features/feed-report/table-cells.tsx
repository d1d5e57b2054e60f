import type { PeriodStatus } from '../../../contract/feed-completeness.ts';
import { formatNumber } from '../../lib/format.ts';
import { statusText } from './completeness-text.ts';
import { specificYield } from './report-rows.ts';

/** A row's status in words, with its mark (◐ incomplete, … not yet delivered), so print says it too. */
export function StatusCell({ status }: { status: PeriodStatus }) {
  return (
    <td className="status">
      {status === 'incomplete' && <span aria-hidden="true">◐ </span>}
      {status === 'not-yet-delivered' && <span aria-hidden="true">… </span>}
      {statusText(status)}
    </td>
  );
}

/** A period's kWh/kWp, or a dash for a period without energy. */
export function yieldText(energyKwh: number | null, capacityKw: number): string {
  const value = specificYield(energyKwh, capacityKw);
  return value === null ? '—' : formatNumber(value, { maximumFractionDigits: 3 });
}
