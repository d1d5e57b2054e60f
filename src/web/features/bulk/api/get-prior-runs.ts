import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { bulkPriorRunsSchema } from '../../../../contract/bulk.ts';
import { api, ApiError, readBody } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';
import { fileBody, type FileRequest } from './file-request.ts';

/**
 * Which rows of a checked file earlier campaigns ran (the BFF derives the generated input_ids the same
 * way the campaign will).
 */
export async function getPriorRuns(request: FileRequest) {
  const path = 'bff/bulk/campaigns/prior-runs';
  const response = await api.post(path, {
    body: fileBody(request),
    headers: { 'content-type': 'application/json' },
    timeout: 120_000,
  });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
  return bulkPriorRunsSchema.parse(await response.json());
}

export const priorRunsQueryOptions = (request: FileRequest | null) =>
  queryOptions({
    queryKey: bulkKeys.priorRuns(request),
    queryFn: request ? () => getPriorRuns(request) : skipToken,
    staleTime: Infinity,
    gcTime: 0,
  });

/** Asked once per checked file, before the run is offered. */
export const usePriorRuns = (request: FileRequest | null) => useQuery(priorRunsQueryOptions(request));
