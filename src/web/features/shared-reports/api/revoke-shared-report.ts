import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestOk } from '../../../lib/api-client.ts';
import { sharedReportKeys } from './shared-report-keys.ts';

/** `DELETE /bff/shared-reports/{id}`: the link stops at once, on every replica. */
export const revokeSharedReport = (id: string) =>
  requestOk('delete', `/bff/shared-reports/${encodeURIComponent(id)}`);

export function useRevokeSharedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSharedReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedReportKeys.all }),
  });
}
