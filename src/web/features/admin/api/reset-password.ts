import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordResetSchema } from '../../../../contract/accounts.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** An admin's reset: answers the temporary password, which the console shows once. */
export const resetPassword = (username: string) =>
  requestOk('post', `/bff/users/${encodeURIComponent(username)}/password-reset`, {
    schema: passwordResetSchema,
  });

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
