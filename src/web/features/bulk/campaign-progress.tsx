import { plural, t } from '@lingui/core/macro';
import { campaignStatusWord, resultStatusWord } from './campaign-status.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { ColumnHeaders, numeric } from '../../components/column-headers.tsx';
import { bulkRowAnswer } from '../../lib/bulk-row-answer.ts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { BulkCampaign } from '../../../contract/bulk.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { downloadResults } from './api/download-results.ts';
import { useCampaign } from './api/get-campaign.ts';
import { useRowsNotCreated } from './api/get-rows-not-created.ts';
import { useControlCampaign } from './api/control-campaign.ts';

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
  // Rows sent without an answer are not answered: the platform has not said whether it booked them.
  const unknown = campaign.counts.unknown;
  // Rows with problems in the file are never sent: not "done" (a campaign awaiting approval has done nothing).
  const toSend = campaign.total - campaign.counts.invalid - campaign.counts.duplicate;
  const answered = toSend - campaign.pending - unknown;
  const unknownCount = formatNumber(unknown);
  const left = secondsLeft(campaign);
  const failed = campaign.counts.refused + campaign.counts.failed + campaign.counts.conflict;
  const answeredCount = formatNumber(answered);
  const totalCount = formatNumber(toSend);
  // Every row booked before (skipped, issue 42) or with problems: the campaign had nothing to send.
  const nothingSent =
    campaign.status === 'done' &&
    campaign.counts.skipped + campaign.counts.invalid + campaign.counts.duplicate === campaign.total;
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
      <progress max={toSend} value={answered} aria-label={t`Rows answered`}>
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
          <dt>{t`Refused, conflict or failed`}</dt>
          <dd data-testid="campaign-failed">{formatNumber(failed)}</dd>
        </div>
        <div>
          <dt>{t`Not sent (problems in the file)`}</dt>
          <dd data-testid="campaign-invalid">{formatNumber(campaign.counts.invalid)}</dd>
        </div>
        {campaign.counts.duplicate > 0 && (
          <div>
            <dt>{t`Not sent (identical to an earlier row)`}</dt>
            <dd data-testid="campaign-duplicate">{formatNumber(campaign.counts.duplicate)}</dd>
          </div>
        )}
        <div>
          <dt>{t`Sent, no answer yet`}</dt>
          <dd data-testid="campaign-unknown">{unknownCount}</dd>
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
      {nothingSent && (
        <p className="notice" role="status" data-testid="campaign-nothing-sent">
          {t`Nothing was sent: every row of the file was booked before or has problems.`}
        </p>
      )}
      {unknown > 0 && (
        <p className="notice" role="status" data-testid="campaign-unknown-note">
          {campaign.status === 'running'
            ? plural(unknown, {
                one: "# row was sent but the platform's answer did not arrive. It is sent again with the same input_id until the platform answers: nothing is booked twice.",
                other:
                  "# rows were sent but the platform's answer did not arrive. They are sent again with the same input_id until the platform answers: nothing is booked twice.",
              })
            : plural(unknown, {
                one: "# row was sent but the platform's answer did not arrive: it may be booked. It has the status “unknown” in the results; check it on the platform before sending it again.",
                other:
                  "# rows were sent but the platform's answer did not arrive: they may be booked. They have the status “unknown” in the results; check them on the platform before sending them again.",
              })}
        </p>
      )}
      {campaign.status === 'awaiting_approval' ? (
        <div className="notice campaign-approval-note" role="status" data-testid="campaign-awaiting-approval">
          <p>
            {t`Waiting for a second person's approval: nothing is sent before. Created ${started} by ${owner}.`}
          </p>
          {campaign.approvalId && (
            <p>
              <Link to="/approvals/$id" params={{ id: campaign.approvalId }}>
                {t`Open its approval request`}
              </Link>
            </p>
          )}
        </div>
      ) : (
        <p className="hint">
          {t`Started ${started} by ${owner}. It runs on the server: closing this page does not stop it.`}
        </p>
      )}
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
      {/* Waiting for approval, no row has been sent: none is "not created" yet. */}
      {campaign.status !== 'awaiting_approval' && <RowsNotCreated campaign={campaign} />}
    </section>
  );
}

const ROWS_SHOWN = 200;

/** Every row that was not created (refused, conflict, invalid, unknown, …), with the platform's answer. */
function RowsNotCreated({ campaign }: { campaign: BulkCampaign }) {
  // Asked again whenever the counts move.
  const version = JSON.stringify([campaign.status, campaign.pending, campaign.counts]);
  const rows = useRowsNotCreated(campaign.id, version);
  if (!rows.data?.total) return null;
  const shown = formatNumber(Math.min(ROWS_SHOWN, rows.data.rows.length));
  const total = formatNumber(rows.data.total);
  const heading = plural(rows.data.total, { one: '# row not created', other: '# rows not created' });
  return (
    <>
      <h3 id="rows-not-created">{heading}</h3>
      <ScrollRegion label={heading}>
        <table className="table" aria-labelledby="rows-not-created" data-testid="rows-not-created">
          <thead>
            <ColumnHeaders
              columns={[numeric(t`Row`), t`User`, t`Contract`, t`input_id`, t`Status`, t`Answer`]}
            />
          </thead>
          <tbody>
            {rows.data.rows.slice(0, ROWS_SHOWN).map((row) => (
              <tr key={row.row}>
                <td className="numeric">{row.row}</td>
                <td>{row.userId}</td>
                <td>{row.contractId ?? ''}</td>
                <td>{row.inputId ?? ''}</td>
                <td>
                  {resultStatusWord(row.status)}
                  {row.review && ` (${t`check it`})`}
                </td>
                <td>{bulkRowAnswer(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {rows.data.total > ROWS_SHOWN && (
        <p className="hint">{t`The first ${shown} of ${total} rows are shown; the results (CSV) have every row.`}</p>
      )}
    </>
  );
}
