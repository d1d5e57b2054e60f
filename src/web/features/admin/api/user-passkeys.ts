import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys.ts';
import { getUserPasskeys, removeUserPasskey } from './user-passkey-requests.ts';

const userPasskeysKey = (username: string) => [...adminKeys.users, username, 'passkeys'] as const;

export const userPasskeysQueryOptions = (username: string) =>
  queryOptions({ queryKey: userPasskeysKey(username), queryFn: () => getUserPasskeys(username) });

export const useUserPasskeys = (username: string) => useQuery(userPasskeysQueryOptions(username));

/** Removes one; the account's list is read again afterwards, whether it worked or not. */
export function useRemoveUserPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUserPasskey,
    onSettled: (_answer, _error, { username }) =>
      queryClient.invalidateQueries({ queryKey: userPasskeysKey(username) }),
  });
}
