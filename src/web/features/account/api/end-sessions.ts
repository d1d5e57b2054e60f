import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestOk } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

export const endSession = (id: string) => requestOk('delete', `/bff/sessions/${encodeURIComponent(id)}`);

/** Ends the given sessions (one, or all but the current one: "Sign out everywhere else"). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      await Promise.all(ids.map(endSession));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
