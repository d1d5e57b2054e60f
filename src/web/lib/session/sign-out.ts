import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-keys.ts';

/**
 * Signs out; answers where the browser goes next: the provider's end-session page when the session
 * came from SSO (RP-initiated logout), else the sign-in page. Its code loads when it is asked for.
 */
export const signOut = (): Promise<string> =>
  import('./sign-out-request.ts').then((module) => module.signOut());

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
