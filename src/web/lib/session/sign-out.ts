import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../http.ts';
import { authKeys } from './auth-keys.ts';

/**
 * Signs out; answers where the browser goes next: the provider's end-session page when the session
 * came from SSO (RP-initiated logout), else the sign-in page. The request leaves from the shell's own client,
 * so a tab left open across a release (its chunks replaced) still signs out; the answer's reader loads
 * beside it, and without it the browser goes to the sign-in page.
 */
export async function signOut(): Promise<string> {
  const [answer, reader] = await Promise.all([
    request('post', '/bff/logout'),
    import('./sign-out-answer.ts').catch(() => null),
  ]);
  if (reader) return reader.readSignOutAnswer(answer);
  if (answer.status >= 400) throw new Error(t`Signing out failed. Reload the page and try again.`);
  return '/sign-in';
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
