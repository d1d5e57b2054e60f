import { t } from '@lingui/core/macro';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { signConvention } from '../../lib/charge-amount.ts';
import { ChargeTotalsTable } from '../../components/charge-totals-table.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import type { BulkKind } from '../../../contract/bulk.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { PREVIEW_ROWS, type CheckedFile } from './check-file.ts';

/** What would be sent: totals and the first rows; nothing is written. */
export function DryRun({ kind, checked }: { kind: BulkKind; checked: CheckedFile }) {
  const locale = currentFormattingLocale();
  const { totals } = checked;
  const shown = checked.preview;
  const rowCount = formatNumber(checked.rowCount);
  const previewColumns =
    kind === 'charges'
      ? [
          'user_id',
          'contract_id',
          'type_of_transaction',
          'amount_cent',
          'due_date',
          'display_name',
          'input_id',
        ]
      : ['user_id', 'first_name', 'last_name', 'deliv_address_city', 'annual_consumption', 'payment_method'];
  // Numbers as they were read, in the UI language's format: an amount in euros (never cents), a consumption
  // with its digit grouping, so a "2.800" read as 2.8 shows before anything is sent.
  const shownValue = (column: string, value: unknown) => {
    if (typeof value !== 'number') return String(value);
    return column === 'amount_cent' ? formatCents(value, locale) : formatNumber(value);
  };
  const header = (column: string) =>
    column === 'amount_cent'
      ? numeric(t`Amount`)
      : column === 'annual_consumption'
        ? numeric(column)
        : column;
  return (
    <section aria-labelledby="dry-run">
      <h3 id="dry-run">{t`Dry run: what would be sent`}</h3>
      {kind === 'charges' && <ChargeTotalsTable totals={totals} locale={locale} />}
      {kind === 'charges' && <p className="hint">{signConvention()}</p>}
      <ScrollRegion label={t`First rows`}>
        <table className="table table--values" aria-label={t`First rows`}>
          <thead>
            <ColumnHeaders columns={[numeric(t`Row`), ...previewColumns.map(header)]} />
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row}>
                <td className="numeric">{row.row}</td>
                {previewColumns.map((column) => (
                  <td key={column} className={typeof row.values[column] === 'number' ? 'numeric' : undefined}>
                    {row.values[column] === undefined
                      ? column === 'input_id'
                        ? t`generated`
                        : '—'
                      : shownValue(column, row.values[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {checked.rowCount > PREVIEW_ROWS && (
        <p className="hint">{t`The first ${PREVIEW_ROWS} of ${rowCount} rows. Nothing has been sent.`}</p>
      )}
    </section>
  );
}
