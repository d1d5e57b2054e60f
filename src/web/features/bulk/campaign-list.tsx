import { t } from '@lingui/core/macro';
import { campaignStatusWord } from './campaign-status.ts';
import { numeric } from '../../components/column-headers.tsx';
import { DataTable } from '../../components/data-table.tsx';
import type { BulkKind } from '../../../contract/bulk.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useCampaigns } from './api/get-campaigns.ts';

/** The campaigns of this kind the user may see (their own; all for admins), newest first. */
export function CampaignList({
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
      <h2 id="campaigns">{t`Campaigns`}</h2>
      <DataTable
        label={t`Table of campaigns`}
        labelledBy="campaigns"
        className="table table--values"
        columns={[
          t`Started`,
          t`By`,
          t`File`,
          t`Status`,
          numeric(t`Rows`),
          numeric(t`Created`),
          numeric(t`Refused, conflict or failed`),
        ]}
      >
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
            <td>{campaignStatusWord(campaign.status)}</td>
            <td className="numeric">{formatNumber(campaign.total)}</td>
            <td className="numeric">{formatNumber(campaign.counts.created)}</td>
            <td className="numeric">
              {formatNumber(campaign.counts.refused + campaign.counts.failed + campaign.counts.conflict)}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
