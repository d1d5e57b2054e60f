import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bulkResultRowsSchema } from '../../../../contract/bulk.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { bulkKeys } from './bulk-keys.ts';

export const getRowsNotCreated = (id: string) =>
  requestOk('get', `/bff/bulk/campaigns/${id}/rows`, { schema: bulkResultRowsSchema });

/** `version` changes with the campaign's counts, so the rows are fetched again as they change. */
export const rowsNotCreatedQueryOptions = (id: string, version: string) =>
  queryOptions({
    queryKey: bulkKeys.rowsNotCreated(id, version),
    queryFn: () => getRowsNotCreated(id),
    placeholderData: keepPreviousData,
  });

/** The rows of a campaign that were not created, with the platform's answer (refreshed with its counts). */
export const useRowsNotCreated = (id: string, version: string) =>
  useQuery(rowsNotCreatedQueryOptions(id, version));
