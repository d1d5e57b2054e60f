import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../../contract/accounts.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { authKeys } from '../../../lib/session/auth-keys.ts';
import { accountKeys } from './account-keys.ts';

export const changePassword = (values: ChangePasswordRequest) =>
  requestOk('post', '/bff/password', { json: values });

/** Changes one's own password; the other sessions end, and a temporary password's lock is lifted. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      // Refetched even without an observer: the console route reads must_change_password from the cache.
      await queryClient.refetchQueries({ queryKey: authKeys.session, type: 'all' });
    },
  });
}
