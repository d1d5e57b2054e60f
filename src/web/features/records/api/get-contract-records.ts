import { queryOptions, useQuery } from '@tanstack/react-query';
import { contractRecordsSchema } from '../../../../contract/records.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { recordKeys } from './record-keys.ts';

/**
 * `GET /bff/records/contracts/{userID}/{contractID}`: every booking on the contract through the console
 * (newest first), the technical resources registered for it, and the producer's name when known.
 */
export const getContractRecords = (userId: string, contractId: string, signal?: AbortSignal) =>
  requestOk('get', `/bff/records/contracts/${encodeURIComponent(userId)}/${encodeURIComponent(contractId)}`, {
    schema: contractRecordsSchema,
    ...(signal ? { signal } : {}),
  });

export const contractRecordsQueryOptions = (userId: string, contractId: string) =>
  queryOptions({
    queryKey: recordKeys.contract(userId, contractId),
    queryFn: ({ signal }) => getContractRecords(userId, contractId, signal),
  });

export const useContractRecords = (
  userId: string,
  contractId: string,
  { enabled = true }: { enabled?: boolean } = {},
) => useQuery({ ...contractRecordsQueryOptions(userId, contractId), enabled });
