import { t } from '@lingui/core/macro';
import { campaignStatusWord } from './campaign-status.ts';
import { useState } from 'react';
import type { BulkCampaign } from '../../../contract/bulk.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
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
  if (query.isPending) return <p role="status">{t`Loading the campaign…`}</p>;
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
  const answeredCount = formatNumber(answered);
  const totalCount = formatNumber(campaign.total);
  const rate = campaign.ratePerSecond
    ? formatNumber(campaign.ratePerSecond, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    : null;
  const started = formatDateTime(campaign.createdAt);
  const owner = campaign.ownerDisplayName ?? campaign.owner;
  return (
    <section className="card" aria-labelledby="campaign-progress" data-testid="campaign-progress">
      <h2 id="campaign-progress">
        {campaign.fileName}: <span data-testid="campaign-status">{campaignStatusWord(campaign.status)}</span>
      </h2>
      <progress max={campaign.total} value={answered} aria-label={t`Rows answered`}>
        {t`${answeredCount} of ${totalCount}`}
      </progress>
      <dl className="campaign-counts">
        <div>
          <dt>{t`Done`}</dt>
          <dd data-testid="campaign-done">{answeredCount}</dd>
        </div>
        <div>
          <dt>{t`Created`}</dt>
          <dd>{formatNumber(campaign.counts.created)}</dd>
        </div>
        <div>
          <dt>{t`Skipped (done already)`}</dt>
          <dd>{formatNumber(campaign.counts.skipped)}</dd>
        </div>
        <div>
          <dt>{t`Refused or failed`}</dt>
          <dd data-testid="campaign-failed">{formatNumber(failed)}</dd>
        </div>
        <div>
          <dt>{t`Remaining`}</dt>
          <dd>{formatNumber(campaign.pending)}</dd>
        </div>
        <div>
          <dt>{t`Rate`}</dt>
          <dd>{rate ? t`${rate} rows/s` : '—'}</dd>
        </div>
        <div>
          <dt>{t`Time left`}</dt>
          <dd>
            {left === null
              ? '—'
              : left < 90
                ? `${formatNumber(left)} s`
                : `${formatNumber(Math.ceil(left / 60))} min`}
          </dd>
        </div>
      </dl>
      <p className="hint">
        {t`Started ${started} by ${owner}. It runs on the server: closing this page does not stop it.`}
      </p>
      <div className="button-row">
        {campaign.status === 'running' && (
          <button className="button button--secondary" type="button" onClick={() => control.mutate('pause')}>
            {t`Pause`}
          </button>
        )}
        {campaign.status === 'paused' && (
          <button className="button" type="button" onClick={() => control.mutate('resume')}>
            {t`Resume`}
          </button>
        )}
        {(campaign.status === 'running' || campaign.status === 'paused') && (
          <button className="button button--secondary" type="button" onClick={() => control.mutate('cancel')}>
            {t`Cancel campaign`}
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
          {t`Download results (CSV)`}
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
