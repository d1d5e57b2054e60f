import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { bulkPriorRunsSchema } from '../../../../contract/bulk.ts';
import { bulkKeys } from './bulk-keys.ts';
import { postFile, type FileRequest } from './file-request.ts';

/**
 * Which rows of a checked file earlier campaigns ran (the BFF derives the generated input_ids the same
 * way the campaign will).
 */
export const getPriorRuns = async (request: FileRequest) =>
  bulkPriorRunsSchema.parse(await postFile('bff/bulk/campaigns/prior-runs', request));

export const priorRunsQueryOptions = (request: FileRequest | null) =>
  queryOptions({
    queryKey: bulkKeys.priorRuns(request),
    queryFn: request ? () => getPriorRuns(request) : skipToken,
    staleTime: Infinity,
    gcTime: 0,
  });

/** Asked once per checked file, before the run is offered. */
export const usePriorRuns = (request: FileRequest | null) => useQuery(priorRunsQueryOptions(request));
