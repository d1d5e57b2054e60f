import { useState } from 'react';
import type { BulkCampaign } from '../../../contract/bulk.ts';
import { formatDateTime } from '../../lib/format.ts';
import { downloadResults, useCampaign, useControlCampaign } from './campaign-api.ts';

function secondsLeft(campaign: BulkCampaign): number | null {
  if (!campaign.ratePerSecond || campaign.status !== 'running') return null;
  return Math.ceil(campaign.pending / campaign.ratePerSecond);
}

/** A campaign's live progress, its controls and its results. */
export function CampaignProgress({ id }: { id: string }) {
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
