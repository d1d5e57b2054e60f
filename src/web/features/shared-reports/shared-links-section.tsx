import { useLingui } from '@lingui/react/macro';
import { canWrite } from '../../../contract/bff-api.ts';
import type { SharedReport } from '../../../contract/shared-reports.ts';
import { numeric } from '../../components/column-headers.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useSharedReports } from './api/list-shared-reports.ts';
import { useRevokeSharedReport } from './api/revoke-shared-report.ts';

/**
 * A contract's shared report links (issue 46), on its page: who made each, for whom, what it shows, until when,
 * how often it was opened and when last; operators and admins revoke one in one click.
 */
export function SharedLinksSection({ userId, contractId }: { userId: string; contractId: string }) {
  const { t } = useLingui();
  const staff = useCurrentUser();
  const links = useSharedReports(userId, contractId);
  const revoke = useRevokeSharedReport();
  // The API's aggregation words, in the UI language (German staff read "nach Tagen", not "day").
  const aggregationText = (agg: SharedReport['agg']) =>
    ({
      year: t`by year`,
      month: t`by month`,
      week: t`by week`,
      day: t`by day`,
      hour: t`by hour`,
      raw: t`15-minute values`,
    })[agg];
  const stateText = (link: SharedReport) =>
    link.state === 'active' ? t`active` : link.state === 'expired' ? t`expired` : t`revoked`;
  return (
    <section className="shared-links" aria-labelledby="shared-links-title">
      <h2 id="shared-links-title">{t`Shared report links`}</h2>
      {links.isPending ? (
        <p role="status">{t`Loading the links…`}</p>
      ) : links.isError ? (
        <p className="field-error" role="alert">
          {links.error.message}
        </p>
      ) : links.data.length === 0 ? (
        <p>{t`No report of this contract has been shared outside the console.`}</p>
      ) : (
        <DataTable
          label={t`Shared report links`}
          labelledBy="shared-links-title"
          columns={[
            t`Report`,
            t`For`,
            t`Made by`,
            t`Expires`,
            numeric(t`Opened`),
            t`Last opened`,
            t`State`,
            ...(canWrite(staff.role) ? [t`Action`] : []),
          ]}
        >
          {links.data.map((link) => {
            const from = formatDate(link.from);
            const to = formatDate(link.to);
            const aggregation = aggregationText(link.agg);
            const zone = link.tz;
            return (
              <tr key={link.id}>
                <td>{t`${from} to ${to}, ${aggregation}, ${zone}`}</td>
                <td>{link.note || '—'}</td>
                <td>
                  {link.created_by}
                  <br />
                  <span className="hint">{formatDateTime(link.created_at)}</span>
                </td>
                <td>{formatDateTime(link.expires_at)}</td>
                <td className="numeric">{formatNumber(link.open_count)}</td>
                <td>{link.last_opened_at ? formatDateTime(link.last_opened_at) : t`never`}</td>
                <td>{stateText(link)}</td>
                {canWrite(staff.role) && (
                  <td>
                    {link.state === 'active' && (
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={revoke.isPending && revoke.variables === link.id}
                        onClick={() => revoke.mutate(link.id)}
                      >
                        {t`Revoke`}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </DataTable>
      )}
      {revoke.isError && (
        <p className="field-error" role="alert">
          {revoke.error.message}
        </p>
      )}
    </section>
  );
}
