import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordSchema } from '../../../../contract/records.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { recordKeys } from './record-keys.ts';

/** Record ids are digits (recordParamsSchema): anything else is not asked for. */
export const isRecordId = (id: string) => /^\d{1,18}$/.test(id);

/** `GET /bff/records/{id}`: one record (bank data masked for viewers); 404 `{detail}` for an unknown one. */
export const getRecord = (id: string, signal?: AbortSignal) =>
  requestOk('get', `/bff/records/${encodeURIComponent(id)}`, {
    schema: recordSchema,
    ...(signal ? { signal } : {}),
  });

export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: recordKeys.record(id),
    queryFn: ({ signal }) => getRecord(id, signal),
  });

export const useRecord = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...recordQueryOptions(id), enabled });
