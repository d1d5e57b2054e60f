import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionUser } from '../../../contract/bff-api.ts';
import type { BulkKind } from '../../../contract/bulk.ts';
import { useStartCampaign } from './campaign-api.ts';
import { CampaignList } from './campaign-list.tsx';
import { CampaignProgress } from './campaign-progress.tsx';
import { checkFileInWorker, type CheckedFile } from './check-file.ts';
import { CheckReport } from './check-report.tsx';
import { DryRun } from './dry-run.tsx';
import { FilePicker } from './file-picker.tsx';

const TITLES: Record<BulkKind, string> = {
  charges: 'Bulk charges and credits',
  migrations: 'Bulk consumer migrations',
};
const ROW_NOUN: Record<BulkKind, string> = {
  charges: 'charges and credits',
  migrations: 'consumer migrations',
};

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
