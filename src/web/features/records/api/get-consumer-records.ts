import { queryOptions, useQuery } from '@tanstack/react-query';
import { consumerRecordsSchema } from '../../../../contract/records.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { recordKeys } from './record-keys.ts';

/** `GET /bff/records/consumers/{userID}`: the consumer's migrations through the console, newest first. */
export const getConsumerRecords = (userId: string, signal?: AbortSignal) =>
  requestOk('get', `/bff/records/consumers/${encodeURIComponent(userId)}`, {
    schema: consumerRecordsSchema,
    ...(signal ? { signal } : {}),
  });

export const consumerRecordsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: recordKeys.consumer(userId),
    queryFn: ({ signal }) => getConsumerRecords(userId, signal),
  });

export const useConsumerRecords = (userId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...consumerRecordsQueryOptions(userId), enabled });
