import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../contract/bff-api.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export interface UserChange {
  username: string;
  role?: Role;
  disabled?: boolean;
}

export const updateUser = ({ username, ...changes }: UserChange) =>
  requestOk('patch', `/bff/users/${encodeURIComponent(username)}`, { json: changes });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
