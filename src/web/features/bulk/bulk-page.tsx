import { useRouteContext } from '@tanstack/react-router';
import { useId, useState, type DragEvent } from 'react';
import type { SessionUser } from '../../../contract/bff-api.ts';
import { bulkColumns, type BulkCampaign, type BulkKind } from '../../../contract/bulk.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { formatDateTime } from '../../lib/format.ts';
import { checkFileInWorker, PREVIEW_ROWS, type CheckedFile } from './check-file.ts';
import {
  downloadResults,
  useCampaign,
  useCampaigns,
  useControlCampaign,
  useStartCampaign,
} from './campaign-api.ts';

const TITLES: Record<BulkKind, string> = {
  charges: 'Bulk charges and credits',
  migrations: 'Bulk consumer migrations',
};
const ROW_NOUN: Record<BulkKind, string> = {
  charges: 'charges and credits',
  migrations: 'consumer migrations',
};
const PROBLEMS_SHOWN = 200;

export function BulkPage({
  kind,
  campaignId,
  onOpenCampaign,
}: {
  kind: BulkKind;
  /** The campaign whose progress is shown (from the URL, so a reload keeps it). */
  campaignId?: string | undefined;
  onOpenCampaign: (id: string) => void;
}) {
  const { user } = useRouteContext({ from: '/console' }) as { user: SessionUser };
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [checking, setChecking] = useState(false);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const start = useStartCampaign(kind);

  async function pick(picked: File | undefined) {
    if (!picked) return;
    setFile(picked);
    setChecked(null);
    setConfirming(false);
    setReadProblem(null);
    setChecking(true);
    try {
      setChecked(await checkFileInWorker(kind, picked));
    } catch (error) {
      setReadProblem((error as Error).message);
    } finally {
      setChecking(false);
    }
  }

  async function run() {
    if (!file || !checked) return;
    const campaign = await start.mutateAsync({ kind, fileName: file.name, rowsJson: checked.rowsJson });
    setConfirming(false);
    setChecked(null);
    setFile(null);
    onOpenCampaign(campaign.id);
  }

  const usable =
    checked && !checked.fileProblem && !checked.unknownColumns.length && !checked.missingColumns.length;
  return (
    <div className="page">
      <h1>{TITLES[kind]}</h1>
      {campaignId && <CampaignProgress id={campaignId} />}
      <section className="card" aria-labelledby="bulk-file">
        <h2 id="bulk-file">{campaignId ? 'Start another campaign' : 'Start a campaign'}</h2>
        <FilePicker kind={kind} onPick={pick} />
        {checking && <p role="status">Checking {file?.name}…</p>}
        {readProblem && (
          <p className="error-summary" role="alert">
            {readProblem}
          </p>
        )}
        {checked && <CheckReport checked={checked} />}
        {usable && checked.rowCount > 0 && (
          <>
            <DryRun kind={kind} checked={checked} />
            {!confirming ? (
              <button className="button" type="button" onClick={() => setConfirming(true)}>
                Run for {checked.rowCount.toLocaleString()} rows…
              </button>
            ) : (
              <div
                className={`confirm confirm--${user.environment}`}
                role="group"
                aria-labelledby="confirm-run"
              >
                <p id="confirm-run">
                  Send <strong>{checked.rowCount.toLocaleString()}</strong> {ROW_NOUN[kind]} from{' '}
                  <strong>{file?.name}</strong> to the{' '}
                  <strong className="confirm__environment">{user.environment}</strong> environment?
                  {checked.badRows > 0 &&
                    ` The ${checked.badRows.toLocaleString()} rows with problems are left out.`}
                </p>
                <button
                  className="button"
                  type="button"
                  onClick={() => void run()}
                  disabled={start.isPending}
                >
                  {start.isPending ? 'Starting…' : `Start campaign on ${user.environment}`}
                </button>{' '}
                <button
                  className="button button--secondary"
                  type="button"
                  onClick={() => setConfirming(false)}
                >
                  Back
                </button>
                {start.isError && (
                  <p className="field-error" role="alert">
                    {start.error.message}
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </section>
      <CampaignList kind={kind} current={campaignId} onOpen={onOpenCampaign} />
    </div>
  );
}

function FilePicker({ kind, onPick }: { kind: BulkKind; onPick: (file: File | undefined) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const columns = bulkColumns(kind);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onPick(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`dropzone${over ? ' dropzone--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={id}>CSV file</label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p className="hint" id={`${id}-hint`}>
        Or drop it here. Comma or semicolon separated, UTF-8, one header line naming the fields. Required:{' '}
        {columns
          .filter((column) => column.required)
          .map((column) => column.name)
          .join(', ')}
        . Optional:{' '}
        {columns
          .filter((column) => !column.required)
          .map((column) => column.name)
          .join(', ')}
        .{kind === 'charges' && ' Without input_id, each row gets one that stays the same on every retry.'}
      </p>
    </div>
  );
}

function CheckReport({ checked }: { checked: CheckedFile }) {
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
              <tr>
                <th scope="col" className="numeric">
                  Row
                </th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
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

/** What would be sent: totals and the first rows; nothing is written. */
function DryRun({ kind, checked }: { kind: BulkKind; checked: CheckedFile }) {
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
            <tr>
              <th scope="col">Type</th>
              <th scope="col" className="numeric">
                VAT rate
              </th>
              <th scope="col" className="numeric">
                Executions
              </th>
              <th scope="col" className="numeric">
                Net
              </th>
              <th scope="col" className="numeric">
                VAT
              </th>
              <th scope="col" className="numeric">
                Gross
              </th>
            </tr>
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
            <tr>
              <th scope="col" className="numeric">
                Row
              </th>
              {previewColumns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
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

function secondsLeft(campaign: BulkCampaign): number | null {
  if (!campaign.ratePerSecond || campaign.status !== 'running') return null;
  return Math.ceil(campaign.pending / campaign.ratePerSecond);
}

function CampaignProgress({ id }: { id: string }) {
  const query = useCampaign(id);
  const control = useControlCampaign(id);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  if (query.isPending) return <p role="status">Loading the campaign…</p>;
  if (query.isError)
    return (
      <p className="error-summary" role="alert">
        {query.error.message}
      </p>
    );
  const campaign = query.data;
  const answered = campaign.total - campaign.pending;
  const left = secondsLeft(campaign);
  const failed = campaign.counts.refused + campaign.counts.failed;
  return (
    <section className="card" aria-labelledby="campaign-progress" data-testid="campaign-progress">
      <h2 id="campaign-progress">
        {campaign.fileName}: <span data-testid="campaign-status">{campaign.status}</span>
      </h2>
      <progress max={campaign.total} value={answered} aria-label="Rows answered">
        {answered} of {campaign.total}
      </progress>
      <dl className="campaign-counts">
        <div>
          <dt>Done</dt>
          <dd data-testid="campaign-done">{answered.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{campaign.counts.created.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Skipped (done already)</dt>
          <dd>{campaign.counts.skipped.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Refused or failed</dt>
          <dd data-testid="campaign-failed">{failed.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd>{campaign.pending.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Rate</dt>
          <dd>{campaign.ratePerSecond ? `${campaign.ratePerSecond.toFixed(1)} rows/s` : '—'}</dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>{left === null ? '—' : left < 90 ? `${left} s` : `${Math.ceil(left / 60)} min`}</dd>
        </div>
      </dl>
      <p className="hint">
        Started {formatDateTime(campaign.createdAt)} by {campaign.ownerDisplayName ?? campaign.owner}. It runs
        on the server: closing this page does not stop it.
      </p>
      <div className="button-row">
        {campaign.status === 'running' && (
          <button className="button button--secondary" type="button" onClick={() => control.mutate('pause')}>
            Pause
          </button>
        )}
        {campaign.status === 'paused' && (
          <button className="button" type="button" onClick={() => control.mutate('resume')}>
            Resume
          </button>
        )}
        {(campaign.status === 'running' || campaign.status === 'paused') && (
          <button className="button button--secondary" type="button" onClick={() => control.mutate('cancel')}>
            Cancel campaign
          </button>
        )}
        <button
          className="button button--secondary"
          type="button"
          onClick={() => {
            setDownloadProblem(null);
            downloadResults(id).catch((error: Error) => setDownloadProblem(error.message));
          }}
        >
          Download results (CSV)
        </button>
      </div>
      {(control.isError || downloadProblem) && (
        <p className="field-error" role="alert">
          {control.error?.message ?? downloadProblem}
        </p>
      )}
    </section>
  );
}

function CampaignList({
  kind,
  current,
  onOpen,
}: {
  kind: BulkKind;
  current?: string | undefined;
  onOpen: (id: string) => void;
}) {
  const campaigns = useCampaigns(kind);
  if (!campaigns.data?.length) return null;
  return (
    <section aria-labelledby="campaigns">
      <h2 id="campaigns">Campaigns</h2>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">By</th>
              <th scope="col">File</th>
              <th scope="col">Status</th>
              <th scope="col" className="numeric">
                Rows
              </th>
              <th scope="col" className="numeric">
                Created
              </th>
              <th scope="col" className="numeric">
                Refused or failed
              </th>
            </tr>
          </thead>
          <tbody>
            {campaigns.data.map((campaign) => (
              <tr key={campaign.id} aria-current={campaign.id === current ? 'true' : undefined}>
                <td>{formatDateTime(campaign.createdAt)}</td>
                <td>{campaign.ownerDisplayName ?? campaign.owner}</td>
                <td>
                  <a
                    href={`?campaign=${campaign.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(campaign.id);
                    }}
                  >
                    {campaign.fileName}
                  </a>
                </td>
                <td>{campaign.status}</td>
                <td className="numeric">{campaign.total.toLocaleString()}</td>
                <td className="numeric">{campaign.counts.created.toLocaleString()}</td>
                <td className="numeric">
                  {(campaign.counts.refused + campaign.counts.failed).toLocaleString()}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
