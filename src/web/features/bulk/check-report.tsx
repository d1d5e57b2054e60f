import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../lib/format.ts';
import { consoleMessage } from '../../lib/known-messages.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import type { CheckedFile } from './check-file.ts';

const PROBLEMS_SHOWN = 200;

/** How the file was read: Windows-1252 is said plainly, so umlauts are checked in the dry run before sending. */
function encodingWords(encoding: CheckedFile['encoding']): string {
  switch (encoding) {
    case 'windows-1252':
      return t`The file is not UTF-8: it was read as Windows-1252, as Excel saves “CSV”. Check the umlauts in the dry run.`;
    case 'utf-16le':
    case 'utf-16be':
      return t`Read as UTF-16 (Excel’s “Unicode text”).`;
    default:
      return t`Read as UTF-8.`;
  }
}

/** What the check found: a file that cannot be used, a header that does not fit, or rows with problems. */
export function CheckReport({ checked }: { checked: CheckedFile }) {
  if (checked.fileProblem)
    return (
      <p className="error-summary" role="alert">
        {consoleMessage(checked.fileProblem)}
      </p>
    );
  const unknown = checked.unknownColumns.join(', ');
  const missing = checked.missingColumns.join(', ');
  if (unknown || missing || checked.amountColumns)
    return (
      <div className="error-summary" role="alert">
        <p>{t`The header does not fit; no row was checked.`}</p>
        <ul>
          {unknown && <li>{t`Unknown columns: ${unknown}`}</li>}
          {missing && <li>{t`Missing columns: ${missing}`}</li>}
          {checked.amountColumns === 'missing' && (
            <li>{t`Missing the amount: give a column amount_cent (whole cents, 1000 for 10,00 €) or amount_eur (euros, 10,00).`}</li>
          )}
          {checked.amountColumns === 'both' && (
            <li>{t`Both amount_cent and amount_eur are given: keep one of them, so that no row has two amounts that might disagree.`}</li>
          )}
        </ul>
      </div>
    );
  const ready = plural(checked.rowCount, { one: '# row ready', other: '# rows ready' });
  const milliseconds = formatNumber(checked.milliseconds);
  const bad = plural(checked.badRows, { one: '# row with problems', other: '# rows with problems' });
  const summary =
    checked.badRows > 0
      ? t`${ready}, ${bad} (checked in ${milliseconds} ms).`
      : t`${ready} (checked in ${milliseconds} ms).`;
  const problemCount = formatNumber(checked.problems.length);
  return (
    <>
      <p role="status" data-testid="bulk-check-summary">
        {summary} {encodingWords(checked.encoding)}
      </p>
      {checked.problems.length > 0 && (
        <>
          <ScrollRegion label={t`Rows with problems`}>
            <table className="table" aria-label={t`Rows with problems`}>
              <thead>
                <ColumnHeaders columns={[numeric(t`Row`), t`Column`, t`Problem`]} />
              </thead>
              <tbody>
                {checked.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                  <tr key={`${problem.row}-${problem.column}-${index}`}>
                    <td className="numeric">{problem.row}</td>
                    <td>{problem.column}</td>
                    <td>{consoleMessage(problem.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {checked.problems.length > PROBLEMS_SHOWN && (
            <p className="hint">{t`The first ${PROBLEMS_SHOWN} of ${problemCount} problems are shown.`}</p>
          )}
        </>
      )}
    </>
  );
}
