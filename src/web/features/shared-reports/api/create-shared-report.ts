import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdSharedReportSchema, type CreateSharedReport } from '../../../../contract/shared-reports.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { sharedReportKeys } from './shared-report-keys.ts';

/** `POST /bff/shared-reports`: a read-only link to exactly this report. */
export const createSharedReport = (report: CreateSharedReport) =>
  requestOk('post', '/bff/shared-reports', { json: report, schema: createdSharedReportSchema });

export function useCreateSharedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharedReport,
    onSuccess: (_created, report) =>
      queryClient.invalidateQueries({ queryKey: sharedReportKeys.contract(report.user, report.contract) }),
  });
}
