import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkCampaignSchema, type BulkKind } from '../../../../contract/bulk.ts';
import { api, ApiError, readBody } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';
import { fileBody, type FileRequest } from './file-request.ts';

/** Starts a campaign with the checked file's rows, those with problems included (as `invalid`). */
export async function startCampaign(request: FileRequest) {
  const path = 'bff/bulk/campaigns';
  const response = await api.post(path, {
    body: fileBody(request),
    headers: { 'content-type': 'application/json' },
    timeout: 120_000,
  });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
  return bulkCampaignSchema.parse(await response.json());
}

export function useStartCampaign(kind: BulkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkKeys.campaigns(kind) }),
  });
}
