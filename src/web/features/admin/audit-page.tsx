import { Pager } from '../../components/pager.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { t } from '@lingui/core/macro';
import { getRouteApi } from '@tanstack/react-router';
import { ANONYMOUS_AUDIT_USER, AUDIT_STATUS_CLASSES, type AuditEntry } from '../../../contract/bff-api.ts';
import { FormField } from '../../components/form-field.tsx';
import { SelectInput } from '../../components/form/inputs.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { ROLE_LABELS } from '../../lib/role-label.ts';
import { AUDITED_OPERATIONS } from './audit-operations.ts';
import { useExportAudit } from './api/export-audit.ts';
import { useAuditPage } from './api/get-audit-page.ts';
import { useUsers } from './api/get-users.ts';
import {
  AUDIT_PAGE_SIZE,
  auditFilter,
  auditSearchSchema,
  dayRangeProblem,
  statusLabel,
  type AuditSearch,
} from './audit-search.ts';
import { useParsedSearch } from '../../lib/parsed-search.ts';

const targetsText = (entry: AuditEntry) =>
  Object.entries(entry.targets)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ') || '—';

/** An SSO user by name, with the subject that identifies them for certain. */
const userLabel = (username: string, displayName: string | null) =>
  displayName ? `${displayName} (${username})` : username;

// A route's id names its pathless layouts too: the console's and the admin-only one.
const auditRouteApi = getRouteApi('/console/admin/admin/audit');

/**
 * Every write attempt, refused ones too, from all BFF replicas: filtered and paged on the server,
 * the filters in the URL, and the filtered whole as CSV.
 */
export function AuditPage() {
  const search = useParsedSearch(auditSearchSchema, auditRouteApi.useSearch());
  const navigate = auditRouteApi.useNavigate();
  const update = (patch: Partial<AuditSearch>) =>
    void navigate({
      // Any filter change starts again at the first page.
      search: (previous) => ({ ...auditSearchSchema.parse(previous), page: undefined, ...patch }),
    });
  const page = search.page ?? 1;
  const rangeProblem = dayRangeProblem(search);
  const filter = auditFilter(search);

  const accounts = useUsers();
  const audit = useAuditPage(filter, page, { enabled: !rangeProblem });
  const exportCsv = useExportAudit();
  const exporting = exportCsv.isPending;

  const total = audit.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  const firstShown = formatNumber(first);
  const lastShown = formatNumber(Math.min(first + AUDIT_PAGE_SIZE - 1, total));
  const totalCount = formatNumber(total);
  // Local accounts, and SSO staff as this page shows them (they have no account here to list).
  const users = new Map<string, string>(
    (accounts.data ?? []).map((account) => [account.username, account.username]),
  );
  for (const entry of audit.data?.results ?? [])
    if (entry.username && !users.has(entry.username))
      users.set(entry.username, userLabel(entry.username, entry.displayName));
  if (search.user && search.user !== ANONYMOUS_AUDIT_USER && !users.has(search.user))
    users.set(search.user, search.user);

  return (
    <div className="page">
      <h1>{t`Audit log of write attempts`}</h1>
      <p className="hint">
        {t`Every write attempt through the console, refused ones included, from every server of this installation. Entries hold ids only, never names or bank details.`}
      </p>
      <div className="audit-filters">
        <SelectInput
          id="audit-user"
          label={t`User`}
          value={search.user ?? ''}
          options={[
            { value: '', label: t`All users` },
            ...[...users].map(([value, label]) => ({ value, label })),
            { value: ANONYMOUS_AUDIT_USER, label: t`Not signed in` },
          ]}
          onChange={(user) => update({ user: user || undefined })}
        />
        <SelectInput
          id="audit-operation"
          label={t`Operation`}
          value={search.operation ?? ''}
          options={[
            { value: '', label: t`All operations` },
            ...AUDITED_OPERATIONS.map((name) => ({ value: name, label: name })),
          ]}
          onChange={(operation) => update({ operation: operation || undefined })}
        />
        <FormField id="audit-user-id" label={t`Consumer or producer ID`}>
          {(aria) => (
            <input
              {...aria}
              type="search"
              maxLength={64}
              value={search.user_id ?? ''}
              onChange={(event) => update({ user_id: event.target.value.trim() || undefined })}
            />
          )}
        </FormField>
        <SelectInput
          id="audit-status"
          label={t`Outcome`}
          value={search.status ?? ''}
          options={[
            { value: '', label: t`All outcomes` },
            ...AUDIT_STATUS_CLASSES.map((status) => ({ value: status, label: statusLabel(status) })),
          ]}
          onChange={(status) => update({ status: status || undefined })}
        />
        {(['from', 'to'] as const).map((field) => (
          <FormField
            key={field}
            id={`audit-${field}`}
            label={field === 'from' ? t`First day` : t`Last day`}
            error={field === 'to' ? (rangeProblem ?? undefined) : undefined}
          >
            {(aria) => (
              <input
                {...aria}
                type="date"
                value={search[field] ?? ''}
                onChange={(event) => update({ [field]: event.target.value || undefined })}
              />
            )}
          </FormField>
        ))}
      </div>
      <div className="actions audit-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => exportCsv.mutate(filter)}
          disabled={exporting || Boolean(rangeProblem)}
        >
          {exporting ? t`Preparing CSV…` : t`Download CSV`}
        </button>
        {exportCsv.isError && <p role="alert">{exportCsv.error.message}</p>}
      </div>
      {audit.isPending && !rangeProblem && <p role="status">{t`Loading the audit log…`}</p>}
      {audit.isError && <p role="alert">{audit.error.message}</p>}
      {audit.data && total === 0 && <p>{t`No write attempts match.`}</p>}
      {audit.data && total > 0 && (
        <>
          <p aria-live="polite" className="audit-count">
            {t`${firstShown}–${lastShown} of ${totalCount} attempts, newest first`}
          </p>
          <ScrollRegion label={t`Write attempts`}>
            <table className="table" aria-busy={audit.isFetching}>
              <caption className="visually-hidden">{t`Write attempts, newest first`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`When`}</th>
                  <th scope="col">{t`User`}</th>
                  <th scope="col">{t`Role`}</th>
                  <th scope="col">{t`Operation`}</th>
                  <th scope="col">{t`Targets`}</th>
                  <th scope="col" className="numeric">
                    {t`Status`}
                  </th>
                  <th scope="col" className="numeric">
                    {t`Duration`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.data.results.map((entry) => (
                  <tr key={entry.requestId + entry.time}>
                    <td className="audit-when">{formatDateTime(entry.time)}</td>
                    <td>
                      {entry.displayName ? (
                        <>
                          {entry.displayName}
                          <span className="audit-subject">{entry.username}</span>
                        </>
                      ) : (
                        (entry.username ?? t`not signed in`)
                      )}
                    </td>
                    <td>{entry.role ? t(ROLE_LABELS[entry.role]) : '—'}</td>
                    <td>
                      <code>{entry.operation}</code>
                    </td>
                    <td>
                      <code>{targetsText(entry)}</code>
                    </td>
                    <td className="numeric">
                      {/* Recorded before it was forwarded; no answer was recorded after (yet). */}
                      {entry.status === 0 ? (
                        <abbr title={t`Sent to the platform; no answer recorded`}>{t`no answer`}</abbr>
                      ) : (
                        entry.status
                      )}
                    </td>
                    <td className="numeric">{formatNumber(entry.durationMs)} ms</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager label={t`Audit pages`} page={page} pages={pages} onPage={(next) => update({ page: next })} />
        </>
      )}
    </div>
  );
}
