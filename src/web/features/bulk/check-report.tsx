import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import type { CheckedFile } from './check-file.ts';

const PROBLEMS_SHOWN = 200;

/** What the check found: a file that cannot be used, a header that does not fit, or rows with problems. */
export function CheckReport({ checked }: { checked: CheckedFile }) {
  if (checked.fileProblem)
    return (
      <p className="error-summary" role="alert">
        {checked.fileProblem}
      </p>
    );
  if (checked.unknownColumns.length || checked.missingColumns.length)
    return (
      <div className="error-summary" role="alert">
        <p>The header does not fit; no row was checked.</p>
        <ul>
          {checked.unknownColumns.length > 0 && <li>Unknown columns: {checked.unknownColumns.join(', ')}</li>}
          {checked.missingColumns.length > 0 && <li>Missing columns: {checked.missingColumns.join(', ')}</li>}
        </ul>
      </div>
    );
  return (
    <>
      <p role="status" data-testid="bulk-check-summary">
        {checked.rowCount.toLocaleString()} rows ready
        {checked.badRows > 0 && `, ${checked.badRows.toLocaleString()} rows with problems`} (checked in{' '}
        {checked.milliseconds.toLocaleString()} ms).
      </p>
      {checked.problems.length > 0 && (
        <div className="table-scroll">
          <table className="table" aria-label="Rows with problems">
            <thead>
              <ColumnHeaders columns={[numeric('Row'), 'Column', 'Problem']} />
            </thead>
            <tbody>
              {checked.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                <tr key={`${problem.row}-${problem.column}-${index}`}>
                  <td className="numeric">{problem.row}</td>
                  <td>{problem.column}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {checked.problems.length > PROBLEMS_SHOWN && (
            <p className="hint">
              The first {PROBLEMS_SHOWN} of {checked.problems.length.toLocaleString()} problems are shown.
            </p>
          )}
        </div>
      )}
    </>
  );
}
