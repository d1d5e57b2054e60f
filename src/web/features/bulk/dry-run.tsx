import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import type { BulkKind } from '../../../contract/bulk.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { PREVIEW_ROWS, type CheckedFile } from './check-file.ts';

/** What would be sent: totals and the first rows; nothing is written. */
export function DryRun({ kind, checked }: { kind: BulkKind; checked: CheckedFile }) {
  const locale = navigator.language;
  const { totals } = checked;
  const shown = checked.preview;
  const previewColumns =
    kind === 'charges'
      ? ['user_id', 'contract_id', 'type_of_transaction', 'amount_cent', 'due_date', 'input_id']
      : ['user_id', 'first_name', 'last_name', 'deliv_address_city', 'payment_method'];
  return (
    <section aria-labelledby="dry-run">
      <h3 id="dry-run">Dry run: what would be sent</h3>
      {kind === 'charges' && (
        <table className="table" aria-label="Totals">
          <thead>
            <ColumnHeaders
              columns={[
                'Type',
                numeric('VAT rate'),
                numeric('Executions'),
                numeric('Net'),
                numeric('VAT'),
                numeric('Gross'),
              ]}
            />
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={`${total.type}-${total.ratePercent}`}>
                <td>{total.type}</td>
                <td className="numeric">{total.ratePercent} %</td>
                <td className="numeric">{total.executions.toLocaleString()}</td>
                <td className="numeric">{formatCents(total.netCent, locale)}</td>
                <td className="numeric">{formatCents(total.vatCent, locale)}</td>
                <td className="numeric">{formatCents(total.grossCent, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="table-scroll">
        <table className="table" aria-label="First rows">
          <thead>
            <ColumnHeaders columns={[numeric('Row'), ...previewColumns]} />
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row}>
                <td className="numeric">{row.row}</td>
                {previewColumns.map((column) => (
                  <td key={column}>
                    {row.values[column] === undefined
                      ? column === 'input_id'
                        ? 'generated'
                        : '—'
                      : String(row.values[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {checked.rowCount > PREVIEW_ROWS && (
        <p className="hint">
          The first {PREVIEW_ROWS} of {checked.rowCount.toLocaleString()} rows. Nothing has been sent.
        </p>
      )}
    </section>
  );
}
