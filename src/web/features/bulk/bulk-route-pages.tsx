import { getRouteApi } from '@tanstack/react-router';
import { useParsedSearch } from '../../lib/parsed-search.ts';
import type { BulkKind } from '../../../contract/bulk.ts';
import { BulkPage } from './bulk-page.tsx';
import { bulkSearchSchema } from './bulk-search.ts';

const routeApis = {
  charges: getRouteApi('/console/bulk/charges'),
  migrations: getRouteApi('/console/bulk/migrations'),
};

/** A bulk route's page with the campaign its address names. */
function BulkRoutePage({ kind }: { kind: BulkKind }) {
  const routeApi = routeApis[kind];
  const search = useParsedSearch(bulkSearchSchema, routeApi.useSearch());
  const navigate = routeApi.useNavigate();
  return (
    <BulkPage
      kind={kind}
      campaignId={search.campaign}
      onOpenCampaign={(campaign) => void navigate({ search: { campaign } })}
    />
  );
}

export const BulkChargesRoutePage = () => <BulkRoutePage kind="charges" />;
export const BulkMigrationsRoutePage = () => <BulkRoutePage kind="migrations" />;
