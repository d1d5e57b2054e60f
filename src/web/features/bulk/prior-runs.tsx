import { plural, t } from '@lingui/core/macro';
import type { BulkKind } from '../../../contract/bulk.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { bulkRowAnswer } from '../../lib/bulk-row-answer.ts';
import { usePriorRuns } from './api/get-prior-runs.ts';
import { resultStatusWord } from './campaign-status.ts';
import type { CheckedFile } from './check-file.ts';

const SHOWN = 50;

/**
 * Before a run: the rows of the file that earlier campaigns ran (same input_id on the contract — the
 * generated one too — or the same consumer), when, by whom, with what result. They are not booked
 * twice; the notice says what will happen rather than asking.
 */
export function PriorRuns({
  kind,
  fileName,
  checked,
}: {
  kind: BulkKind;
  fileName: string;
  checked: CheckedFile;
}) {
  const prior = usePriorRuns({
    kind,
    fileName,
    rowsJson: checked.rowsJson,
    invalidJson: checked.invalidJson,
  });
  if (prior.isPending) return <p role="status">{t`Looking for earlier runs of these rows…`}</p>;
  if (prior.isError)
    return (
      <p className="field-error" role="alert">
        {t`Earlier runs could not be looked up: ${prior.error.message}`}
      </p>
    );
  if (prior.data.total === 0) return null;
  const all = prior.data.total === checked.rowCount;
  const count = formatNumber(prior.data.total);
  return (
    <div className="notice" role="note" data-testid="bulk-prior-runs">
      <p>
        {all
          ? plural(prior.data.total, {
              one: 'This row was run before. It is not booked again: the run will report it as skipped (or as a conflict if it was booked with other values).',
              other:
                'All # rows were run before. They are not booked again: the run will report them as skipped (or as conflicts where they were booked with other values).',
            })
          : t`${count} of these rows were run before. They are not booked again: the run will report them as skipped (or as conflicts where they were booked with other values).`}
      </p>
      <ScrollRegion label={t`Rows run before`}>
        <table className="table" aria-label={t`Rows run before`}>
          <thead>
            <ColumnHeaders columns={[numeric(t`Row`), t`Run`, t`By`, t`File`, t`Result`, t`Message`]} />
          </thead>
          <tbody>
            {prior.data.rows.slice(0, SHOWN).map((run) => (
              <tr key={run.row}>
                <td className="numeric">{run.row}</td>
                <td>{formatDateTime(run.createdAt)}</td>
                <td>{run.ownerDisplayName ?? run.owner}</td>
                <td>{run.fileName}</td>
                <td>{resultStatusWord(run.status)}</td>
                <td>{bulkRowAnswer(run)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {prior.data.total > SHOWN && (
        <p className="hint">{t`The first ${SHOWN} of ${count} rows are shown.`}</p>
      )}
    </div>
  );
}
