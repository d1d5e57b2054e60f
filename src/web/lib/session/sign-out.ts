import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutResponseSchema } from '../../../contract/bff-api.ts';
import { requestOk } from '../api-client.ts';
import { authKeys } from './auth-keys.ts';

/**
 * Signs out; answers where the browser goes next: the provider's end-session page when the session
 * came from SSO (RP-initiated logout), else the sign-in page.
 */
export async function signOut(): Promise<string> {
  const answer = await requestOk('post', '/bff/logout');
  return answer ? logoutResponseSchema.parse(answer).endSessionUrl : '/sign-in';
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Drafts belong to the person who typed them.
      sessionStorage.clear();
      queryClient.setQueryData(authKeys.session, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.session[0] });
    },
  });
}
