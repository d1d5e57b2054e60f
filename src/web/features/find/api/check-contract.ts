import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { contractVerdict, probeRequest, type ContractVerdict } from '../contract-check.ts';
import { findPair, knownContracts } from '../search-results.ts';
import { searchRecords } from './search-records.ts';

/**
 * The records first (a known pair needs no probe, and gives the producer's name), then the platform.
 * A failing records search is no verdict: the probe still decides.
 */
export async function checkContract(
  userId: string,
  contractId: string,
  signal?: AbortSignal,
): Promise<ContractVerdict> {
  const results = await searchRecords(`${userId} ${contractId}`, 'contract', signal).catch(() => []);
  const known = findPair(knownContracts(results), userId, contractId);
  if (known) return contractVerdict(known, null);
  const probe = probeRequest(userId, contractId, new Date());
  const status = await request('get', probe.path, {
    searchParams: probe.searchParams,
    ...(signal ? { signal } : {}),
  }).then(
    (answer) => answer.status,
    () => null,
  );
  return contractVerdict(undefined, status);
}

export const contractCheckOptions = (userId: string, contractId: string) =>
  queryOptions({
    queryKey: ['contract-check', userId, contractId] as const,
    queryFn: ({ signal }) => checkContract(userId, contractId, signal),
    staleTime: 60_000,
    retry: false,
  });
