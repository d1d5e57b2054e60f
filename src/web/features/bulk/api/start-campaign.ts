import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkCampaignSchema, type BulkKind } from '../../../../contract/bulk.ts';
import { bulkKeys } from './bulk-keys.ts';
import { postFile, type FileRequest } from './file-request.ts';

/** Starts a campaign with the checked file's rows, those with problems included (as `invalid`). */
export const startCampaign = async (request: FileRequest) =>
  bulkCampaignSchema.parse(await postFile('bff/bulk/campaigns', request));

export function useStartCampaign(kind: BulkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkKeys.campaigns(kind) }),
  });
}
