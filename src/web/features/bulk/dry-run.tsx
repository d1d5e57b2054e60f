import { plural, t } from '@lingui/core/macro';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { formatDate, formatNumber, isIsoDay } from '../../lib/format.ts';
import { signConvention } from '../../lib/charge-amount.ts';
import { ChargeTotalsTable } from '../../components/charge-totals-table.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import type { BulkKind } from '../../../contract/bulk.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { PREVIEW_ROWS, type CheckedFile } from './check-file.ts';

/** What would be sent: totals and the first rows; nothing is written. */
export function DryRun({
  kind,
  checked,
  totals,
  bookIdentical,
  onBookIdentical,
}: {
  kind: BulkKind;
  checked: CheckedFile;
  /** The totals of what will be sent (repeated rows only when booked too). */
  totals: CheckedFile['totals'];
  bookIdentical: boolean;
  onBookIdentical: (book: boolean) => void;
}) {
  const locale = currentFormattingLocale();
  const repeatOf = new Map(checked.repeats);
  const repeatCount = formatNumber(checked.repeatCount);
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
    if (column === 'due_date' && isIsoDay(value)) return formatDate(value);
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
      {checked.repeatCount > 0 && (
        <div className="notice" role="status" data-testid="bulk-repeats">
          <p>
            {plural(checked.repeatCount, {
              one: '# row is identical to an earlier row of the file (every field but input_id): it is not sent unless you book identical rows too.',
              other:
                '# rows are identical to an earlier row of the file (every field but input_id): they are not sent unless you book identical rows too.',
            })}
          </p>
          <ul className="bulk-repeats">
            {checked.repeats.slice(0, 20).map(([row, earlier]) => (
              <li key={row}>{t`Row ${formatNumber(row)} repeats row ${formatNumber(earlier)}`}</li>
            ))}
          </ul>
          {checked.repeatCount > 20 && <p className="hint">{t`${repeatCount} in all.`}</p>}
          <label className="checkbox-line">
            <input
              type="checkbox"
              name="book_identical_rows"
              checked={bookIdentical}
              onChange={(event) => onBookIdentical(event.target.checked)}
            />{' '}
            {t`Book identical rows too`}
          </label>
        </div>
      )}
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
                <td className="numeric">
                  {row.row}
                  {repeatOf.has(row.row) && (
                    <span className="bulk-repeat-mark">
                      {' '}
                      {t`(repeats row ${formatNumber(repeatOf.get(row.row) ?? 0)})`}
                    </span>
                  )}
                </td>
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
