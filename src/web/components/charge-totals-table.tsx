import { t } from '@lingui/core/macro';
import type { ChargeTotal } from '../../contract/charge-schedule.ts';
import { formatChargeAmount, transactionTypeWord } from '../lib/charge-amount.ts';
import { formatNumber } from '../lib/format.ts';
import { numeric } from './column-headers.tsx';
import { DataTable } from './data-table.tsx';

/**
 * Charges and credits summed by type and VAT rate, signed by the console's one convention: the bulk dry
 * run's totals and those of an approval (a charge's executions, or a whole bulk campaign).
 */
export function ChargeTotalsTable({
  totals,
  locale,
  label = t`Totals`,
}: {
  totals: readonly ChargeTotal[];
  locale: string;
  /** Its name for assistive technology: one page with several (a year each) names each apart. */
  label?: string;
}) {
  return (
    <DataTable
      label={label}
      className="table table--values"
      columns={[
        t`Type`,
        numeric(t`VAT rate`),
        numeric(t`Executions`),
        numeric(t`Net`),
        numeric(t`VAT`),
        numeric(t`Gross`),
      ]}
    >
      {totals.map((total) => (
        <tr key={`${total.type}-${total.ratePercent}`}>
          <td>{transactionTypeWord(total.type)}</td>
          <td className="numeric">{formatNumber(total.ratePercent)} %</td>
          <td className="numeric">{formatNumber(total.executions)}</td>
          <td className="numeric">{formatChargeAmount(total.netCent, total.type, locale)}</td>
          <td className="numeric">{formatChargeAmount(total.vatCent, total.type, locale)}</td>
          <td className="numeric">{formatChargeAmount(total.grossCent, total.type, locale)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
