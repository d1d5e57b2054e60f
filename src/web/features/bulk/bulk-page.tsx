import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format.ts';
import { useState } from 'react';
import { canWrite } from '../../../contract/bff-api.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { RoleRequired } from '../../components/role-required.tsx';
import type { BulkKind } from '../../../contract/bulk.ts';
import { needsApproval } from '../../../contract/approvals.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useStartCampaign } from './api/start-campaign.ts';
import { CampaignList } from './campaign-list.tsx';
import { CampaignProgress } from './campaign-progress.tsx';
import { checkFileInWorker, type CheckedFile } from './check-file.ts';
import { CheckReport } from './check-report.tsx';
import { DryRun } from './dry-run.tsx';
import { PriorRuns } from './prior-runs.tsx';
import { FilePicker } from './file-picker.tsx';

const titleOf = (kind: BulkKind) =>
  kind === 'charges' ? t`Bulk charges and credits` : t`Bulk consumer migrations`;

/** The question before a campaign starts: how many rows of what go from which file to where. */
function confirmQuestion(kind: BulkKind, count: number, fileName: string, environment: string) {
  const rows = formatNumber(count);
  const file = <strong>{fileName}</strong>;
  const where = <strong className="confirm__environment">{environment}</strong>;
  return kind === 'charges' ? (
    <Trans>
      Send <strong>{rows}</strong> charges and credits from {file} to the {where} environment?
    </Trans>
  ) : (
    <Trans>
      Send <strong>{rows}</strong> consumer migrations from {file} to the {where} environment?
    </Trans>
  );
}

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
  const user = useCurrentUser();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [checking, setChecking] = useState(false);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // "Book identical rows too" (issue 42): off for every new file.
  const [bookIdentical, setBookIdentical] = useState(false);
  const start = useStartCampaign(kind);
  if (!canWrite(user.role))
    return (
      <RoleRequired
        title={titleOf(kind)}
        what={kind === 'charges' ? t`Running bulk charges and credits` : t`Running bulk consumer migrations`}
      />
    );

  async function pick(picked: File | undefined) {
    if (!picked) return;
    setFile(picked);
    setChecked(null);
    setConfirming(false);
    setBookIdentical(false);
    setReadProblem(null);
    setChecking(true);
    try {
      setChecked(await checkFileInWorker(kind, picked));
    } catch (error) {
      setReadProblem(errorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  async function run() {
    if (!file || !checked) return;
    const campaign = await start.mutateAsync({
      kind,
      fileName: file.name,
      rowsJson: checked.rowsJson,
      invalidJson: checked.invalidJson,
      bookIdenticalRows: bookIdentical,
    });
    setConfirming(false);
    setChecked(null);
    setFile(null);
    onOpenCampaign(campaign.id);
  }

  const fileName = file?.name ?? '';
  const environment = user.environment;
  const usable =
    checked &&
    !checked.fileProblem &&
    !checked.unknownColumns.length &&
    !checked.missingColumns.length &&
    !checked.amountColumns;
  // What will be sent: the repeated rows only when staff book them too.
  const sending = checked ? checked.rowCount - (bookIdentical ? 0 : checked.repeatCount) : 0;
  const sentTotals = checked ? (bookIdentical ? checked.totalsWithRepeats : checked.totals) : [];
  return (
    <div className="page">
      <h1>{titleOf(kind)}</h1>
      {campaignId && <CampaignProgress id={campaignId} />}
      <section className="card" aria-labelledby="bulk-file">
        <h2 id="bulk-file">{campaignId ? t`Start another campaign` : t`Start a campaign`}</h2>
        <FilePicker kind={kind} chosen={fileName} onPick={(picked) => void pick(picked)} />
        {checking && <p role="status">{t`Checking ${fileName}…`}</p>}
        {readProblem && (
          <p className="error-summary" role="alert">
            {readProblem}
          </p>
        )}
        {checked && <CheckReport checked={checked} />}
        {usable && checked.rowCount > 0 && (
          <>
            <DryRun
              kind={kind}
              checked={checked}
              totals={sentTotals}
              bookIdentical={bookIdentical}
              onBookIdentical={(book) => {
                setBookIdentical(book);
                setConfirming(false);
              }}
            />
            <PriorRuns kind={kind} fileName={fileName} checked={checked} />
            {!confirming ? (
              <button className="button" type="button" onClick={() => setConfirming(true)}>
                {plural(sending, { one: 'Run for # row…', other: 'Run for # rows…' })}
              </button>
            ) : (
              <div
                className={`confirm confirm--${user.environment}`}
                role="group"
                aria-labelledby="confirm-run"
              >
                <p id="confirm-run">
                  {confirmQuestion(kind, sending, fileName, environment)}
                  {checked.badRows > 0 &&
                    ` ${plural(checked.badRows, { one: 'The row with problems is left out.', other: 'The # rows with problems are left out.' })}`}
                </p>
                {kind === 'charges' && (
                  <ApprovalNeeded totals={sentTotals} approvalFromCent={user.approvalFromCent ?? null} />
                )}
                <button
                  className="button"
                  type="button"
                  onClick={() => void run()}
                  disabled={start.isPending}
                >
                  {start.isPending ? t`Starting…` : t`Start campaign on ${environment}`}
                </button>{' '}
                <button
                  className="button button--secondary"
                  type="button"
                  onClick={() => setConfirming(false)}
                >
                  {t`Back`}
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

/**
 * Said before a charges campaign is sent: at or above the approval threshold (gross over every execution of
 * every row, as the server counts it) it waits for a second person instead of starting.
 */
function ApprovalNeeded({
  totals,
  approvalFromCent,
}: {
  totals: CheckedFile['totals'];
  approvalFromCent: number | null;
}) {
  const totalGrossCent = totals.reduce((sum, total) => sum + total.grossCent, 0);
  if (!needsApproval(totalGrossCent, approvalFromCent) || approvalFromCent === null) return null;
  const threshold = formatCents(approvalFromCent, currentFormattingLocale());
  return (
    <p className="notice" data-testid="bulk-approval-notice">
      {t`Charges and credits of ${threshold} gross or more are booked only when a second person approves them.`}
    </p>
  );
}
