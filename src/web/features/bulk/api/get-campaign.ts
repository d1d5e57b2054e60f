import { keepPreviousData, queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bulkCampaignSchema } from '../../../../contract/bulk.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

export const getCampaign = (id: string) =>
  requestOk('get', `/bff/bulk/campaigns/${id}`, { schema: bulkCampaignSchema });

/** Polled every second while it runs, and now and then while paused (rows in flight settle) or awaiting approval. */
export const campaignQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: bulkKeys.campaign(id),
    queryFn: id ? () => getCampaign(id) : skipToken,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // Waiting for approval: it starts when someone else approves it, which this page shows within seconds.
      return status === 'running'
        ? 1000
        : status === 'paused' || status === 'awaiting_approval'
          ? 3000
          : false;
    },
  });

/** One campaign, polled while it runs: the progress survives a reload, the ID is in the URL. */
export function useCampaign(id: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery(campaignQueryOptions(id));
  // The list of campaigns is not polled: it catches up whenever this campaign's status changes.
  const { kind, status } = query.data ?? {};
  useEffect(() => {
    if (kind && status) void queryClient.invalidateQueries({ queryKey: bulkKeys.campaigns(kind) });
  }, [queryClient, kind, status]);
  return query;
}
