import { t } from '@lingui/core/macro';
import { getRouteApi } from '@tanstack/react-router';
import { canWrite } from '../../../contract/bff-api.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { RoleRequired } from '../../components/role-required.tsx';
import { Pager } from '../../components/pager.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { SelectInput } from '../../components/form/inputs.tsx';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { signConvention } from '../../lib/charge-amount.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { APPROVALS_PAGE_SIZE, useApprovals } from './api/get-approvals.ts';
import { approvalStatusWord, personName, statusFilterWord } from './approval-text.ts';
import { APPROVAL_FILTERS, filterOf, statusFilterOf, type ApprovalFilter } from './approval-filter.ts';
import { cannotApproveNote } from './approver-reason.ts';
import { RequestCell } from './request-cell.tsx';
import { MyDecidedRequests } from './my-decided-requests.tsx';
import { approvalsSearchSchema, type ApprovalsSearch } from './approvals-search.ts';
import { useParsedSearch } from '../../lib/parsed-search.ts';

const approvalsRouteApi = getRouteApi('/console/approvals');

/**
 * Requests for a second person's approval: pending ones first (the work to do), any status on request,
 * newest first, each linking to the request where it is decided.
 */
export function ApprovalsPage() {
  const user = useCurrentUser();
  if (!canWrite(user.role)) return <RoleRequired title={t`Approvals`} what={t`Approving bookings`} />;
  return <ApprovalsList />;
}

function ApprovalsList() {
  const user = useCurrentUser();
  const search = useParsedSearch(approvalsSearchSchema, approvalsRouteApi.useSearch());
  const navigate = approvalsRouteApi.useNavigate();
  const update = (patch: Partial<ApprovalsSearch>) =>
    void navigate({
      search: (previous) => ({ ...approvalsSearchSchema.parse(previous), page: undefined, ...patch }),
    });
  const page = search.page ?? 1;
  const status = statusFilterOf(search);
  const approvals = useApprovals(status, page);
  const locale = currentFormattingLocale();

  const total = approvals.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / APPROVALS_PAGE_SIZE));
  const threshold = user.approvalFromCent ? formatCents(user.approvalFromCent, locale) : null;

  return (
    <div className="page">
      <h1>{t`Approvals`}</h1>
      <p className="lead">
        {threshold
          ? t`Charges and credits of ${threshold} gross or more are booked only when a second person approves them.`
          : t`Approvals are off: charges and credits are booked when they are sent.`}
      </p>
      <MyDecidedRequests locale={locale} />
      <h2>{t`Requests`}</h2>
      <div className="filters">
        <SelectInput<ApprovalFilter>
          id="approval-status"
          label={t`Show`}
          value={filterOf(search)}
          options={APPROVAL_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t`All requests` : statusFilterWord(value),
          }))}
          onChange={(value) => update({ status: value === 'pending' ? undefined : value })}
        />
      </div>
      {approvals.isPending && <p role="status">{t`Loading the requests…`}</p>}
      {approvals.isError && <p role="alert">{approvals.error.message}</p>}
      {approvals.data && total === 0 && (
        <p className="empty">
          {status === 'pending' ? t`Nothing is waiting for approval.` : t`No requests.`}
        </p>
      )}
      {approvals.data && total > 0 && (
        <>
          <p className="hint">{signConvention()}</p>
          <DataTable
            label={t`Requests`}
            caption={t`Requests, newest first`}
            className="table approvals-table"
            busy={approvals.isFetching}
            columns={[t`Request`, t`Status`, t`Requested by`, t`Requested at`, t`Expires`]}
          >
            {approvals.data.results.map((approval) => (
              <tr key={approval.id}>
                <RequestCell approval={approval} locale={locale} />
                <td>
                  {approvalStatusWord(approval)}
                  {approval.status === 'pending' && approval.cannot_approve_reason && (
                    <span className="hint" data-testid="cannot-approve-note">
                      <br />
                      {cannotApproveNote(approval.cannot_approve_reason)}
                    </span>
                  )}
                </td>
                <td>
                  {approval.requested_by === user.username
                    ? t`you`
                    : personName(approval.requested_by, approval.requested_by_display_name)}
                </td>
                <td className="nowrap">{formatDateTime(approval.requested_at)}</td>
                <td className="nowrap">
                  {approval.status === 'pending' ? formatDateTime(approval.expires_at) : '—'}
                </td>
              </tr>
            ))}
          </DataTable>
          {pages > 1 && (
            <Pager
              label={t`Pages of requests`}
              page={page}
              pages={pages}
              onPage={(next) => update({ status: search.status, page: next })}
            />
          )}
        </>
      )}
    </div>
  );
}
