import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  environmentInfoSchema,
  logoutResponseSchema,
  sessionUserSchema,
  signInOptionsSchema,
  type LoginRequest,
  type SessionUser,
} from '../../../contract/bff-api.ts';
import { ApiError, request, requestOk } from '../../lib/api-client.ts';
import { consoleMessage } from '../../lib/known-messages.ts';

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<SessionUser | null> => {
    const answer = await request('get', '/bff/user', {
      schema: sessionUserSchema,
      unauthorizedIsAnswer: true,
    });
    if (answer.status === 401) return null;
    if (answer.status >= 400) throw new ApiError(answer.status, answer.body, '/bff/user');
    return answer.body as SessionUser;
  },
  staleTime: 60_000,
  retry: false,
});

export function useEnvironment() {
  return useQuery({
    queryKey: ['environment'],
    queryFn: () => requestOk('get', '/bff/environment', { schema: environmentInfoSchema }),
    staleTime: Infinity,
  });
}

/** Local accounts on or off, and whether SSO is set up and reachable right now. */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['sign-in-options'],
    queryFn: () => requestOk('get', '/bff/sign-in-options', { schema: signInOptionsSchema }),
    staleTime: 30_000,
  });
}

/** Where "Sign in with SSO" goes: the BFF starts the sign-in at the provider and returns to `returnTo`. */
export function ssoSignInHref(returnTo: string | undefined): string {
  return returnTo ? `/bff/login/oidc?${new URLSearchParams({ returnTo })}` : '/bff/login/oidc';
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const answer = await request('post', '/bff/login', { json: credentials, unauthorizedIsAnswer: true });
      if (answer.status === 200) return;
      const detail = (answer.body as { detail?: string } | null)?.detail;
      throw new Error(consoleMessage(detail ?? 'Sign-in failed.'));
    },
    // Refetch even without an observer: the router reads the session from the cache next.
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionQueryOptions.queryKey, type: 'all' }),
  });
}

/**
 * Signs out; answers where the browser goes next: the provider's end-session page when the session
 * came from SSO (RP-initiated logout), else the sign-in page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const answer = await requestOk('post', '/bff/logout');
      return answer ? logoutResponseSchema.parse(answer).endSessionUrl : '/sign-in';
    },
    onSuccess: () => {
      // Drafts belong to the person who typed them.
      sessionStorage.clear();
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
  });
}
