import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest } from '../../../../contract/bff-api.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const createUser = (values: CreateUserRequest) => requestOk('post', '/bff/users', { json: values });

export function useCreateUser({ onCreated }: { onCreated: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      onCreated();
      return queryClient.invalidateQueries({ queryKey: adminKeys.users });
    },
  });
}
