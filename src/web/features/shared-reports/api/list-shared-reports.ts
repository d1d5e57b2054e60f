import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharedReportListSchema } from '../../../../contract/shared-reports.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { sharedReportKeys } from './shared-report-keys.ts';

/** `GET /bff/shared-reports?user=&contract=`: a contract's links, newest first. */
export const listSharedReports = (user: string, contract: string) =>
  requestOk('get', '/bff/shared-reports', {
    searchParams: { user, contract },
    schema: sharedReportListSchema,
  });

export const sharedReportsQueryOptions = (user: string, contract: string) =>
  queryOptions({
    queryKey: sharedReportKeys.contract(user, contract),
    queryFn: () => listSharedReports(user, contract),
  });

export const useSharedReports = (user: string, contract: string) =>
  useQuery(sharedReportsQueryOptions(user, contract));
