import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkCampaignSchema } from '../../../../contract/bulk.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

export const controlCampaign = (id: string, action: CampaignAction) =>
  requestOk('post', `/bff/bulk/campaigns/${id}/${action}`, { schema: bulkCampaignSchema });

export function useControlCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => controlCampaign(id, action),
    onSuccess: (campaign) => {
      queryClient.setQueryData(bulkKeys.campaign(id), campaign);
      return queryClient.invalidateQueries({ queryKey: bulkKeys.campaigns(campaign.kind) });
    },
  });
}
