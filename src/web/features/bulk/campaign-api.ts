import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bulkCampaignSchema,
  bulkPriorRunsSchema,
  bulkResultRowsSchema,
  type BulkCampaignRequest,
  type BulkKind,
} from '../../../contract/bulk.ts';
import { api, ApiError, readBody, requestOk } from '../../lib/api-client.ts';
import { downloadBlob } from '../../lib/download.ts';

const campaignsKey = (kind: BulkKind) => ['bulk', kind] as const;

export function useCampaigns(kind: BulkKind) {
  return useQuery({
    queryKey: campaignsKey(kind),
    queryFn: () =>
      requestOk('get', '/bff/bulk/campaigns', {
        searchParams: { kind },
        schema: z.array(bulkCampaignSchema),
      }),
  });
}

/**
 * One campaign, polled every second while it runs (and now and then while paused, as rows in flight
 * settle): the progress survives a reload, the ID is in the URL.
 */
export function useCampaign(id: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['bulk', 'campaign', id],
    queryFn: () => requestOk('get', `/bff/bulk/campaigns/${id}`, { schema: bulkCampaignSchema }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'running' ? 1000 : status === 'paused' ? 3000 : false;
    },
  });
  // The list of campaigns is not polled: it catches up whenever this campaign's status changes.
  const { kind, status } = query.data ?? {};
  useEffect(() => {
    if (kind && status) void queryClient.invalidateQueries({ queryKey: campaignsKey(kind) });
  }, [queryClient, kind, status]);
  return query;
}

type FileRequest = Omit<BulkCampaignRequest, 'rows' | 'invalid'> & { rowsJson: string; invalidJson: string };

/** The request body: the worker's JSON spliced in rather than parsed and serialised again. */
const fileBody = (request: FileRequest) =>
  `{"kind":${JSON.stringify(request.kind)},"fileName":${JSON.stringify(request.fileName)},"rows":${request.rowsJson},"invalid":${request.invalidJson}}`;

/**
 * Which rows of a checked file earlier campaigns ran (the BFF derives the generated input_ids the same
 * way the campaign will): asked once per checked file, before the run is offered.
 */
export function usePriorRuns(request: FileRequest | null) {
  return useQuery({
    queryKey: ['bulk', 'prior-runs', request?.kind, request?.fileName, request?.rowsJson],
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async () => {
      const path = 'bff/bulk/campaigns/prior-runs';
      const response = await api.post(path, {
        body: fileBody(request!),
        headers: { 'content-type': 'application/json' },
        timeout: 120_000,
      });
      if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
      return bulkPriorRunsSchema.parse(await response.json());
    },
  });
}

/** The rows of a campaign that were not created, with the platform's answer (refreshed with its counts). */
export function useRowsNotCreated(id: string, version: string) {
  return useQuery({
    queryKey: ['bulk', 'campaign', id, 'rows', version],
    placeholderData: keepPreviousData,
    queryFn: () => requestOk('get', `/bff/bulk/campaigns/${id}/rows`, { schema: bulkResultRowsSchema }),
  });
}

/** Starts a campaign with the checked file's rows, those with problems included (as `invalid`). */
export function useStartCampaign(kind: BulkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: FileRequest) => {
      const body = fileBody(request);
      const path = 'bff/bulk/campaigns';
      const response = await api.post(path, {
        body,
        headers: { 'content-type': 'application/json' },
        timeout: 120_000,
      });
      if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
      return bulkCampaignSchema.parse(await response.json());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey(kind) }),
  });
}

export function useControlCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') =>
      requestOk('post', `/bff/bulk/campaigns/${id}/${action}`, { schema: bulkCampaignSchema }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(['bulk', 'campaign', id], campaign);
      return queryClient.invalidateQueries({ queryKey: ['bulk', campaign.kind] });
    },
  });
}

export async function downloadResults(id: string): Promise<void> {
  const path = `bff/bulk/campaigns/${id}/results`;
  const response = await api(path, { timeout: 120_000 });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  downloadBlob(await response.blob(), name ?? 'results.csv');
}
