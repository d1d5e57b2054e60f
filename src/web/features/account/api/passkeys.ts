import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addPasskey, getPasskeys, removePasskey, renamePasskey } from './passkey-requests.ts';

const passkeysKey = ['bff', 'passkeys'] as const;

export const passkeysQueryOptions = queryOptions({ queryKey: passkeysKey, queryFn: getPasskeys });
export const usePasskeys = () => useQuery(passkeysQueryOptions);

/** A change of the list: the list is read again afterwards, whether it worked or not. */
function usePasskeyChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export const useAddPasskey = () => usePasskeyChange(addPasskey);
export const useRenamePasskey = () => usePasskeyChange(renamePasskey);
export const useRemovePasskey = () => usePasskeyChange(removePasskey);
