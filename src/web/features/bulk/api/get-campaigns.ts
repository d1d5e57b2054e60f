import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { bulkCampaignSchema, type BulkKind } from '../../../../contract/bulk.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

export const getCampaigns = (kind: BulkKind) =>
  requestOk('get', '/bff/bulk/campaigns', { searchParams: { kind }, schema: z.array(bulkCampaignSchema) });

export const campaignsQueryOptions = (kind: BulkKind) =>
  queryOptions({ queryKey: bulkKeys.campaigns(kind), queryFn: () => getCampaigns(kind) });

export const useCampaigns = (kind: BulkKind) => useQuery(campaignsQueryOptions(kind));
