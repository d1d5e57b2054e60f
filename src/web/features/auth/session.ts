import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  environmentInfoSchema,
  sessionUserSchema,
  type LoginRequest,
  type SessionUser,
} from '../../../contract/bff-api.ts';
import { ApiError, request, requestOk } from '../../lib/api-client.ts';

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<SessionUser | null> => {
    const answer = await request('get', '/bff/user', {
      schema: sessionUserSchema,
      unauthorizedIsAnswer: true,
    });
    if (answer.status === 401) return null;
    if (answer.status >= 400) throw new ApiError(answer.status, answer.body);
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

export function useSession() {
  return useQuery(sessionQueryOptions);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const answer = await request('post', '/bff/login', { json: credentials, unauthorizedIsAnswer: true });
      if (answer.status === 200) return;
      const detail = (answer.body as { detail?: string } | null)?.detail;
      throw new Error(detail ?? 'Sign-in failed.');
    },
    // Refetch even without an observer: the router reads the session from the cache next.
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionQueryOptions.queryKey, type: 'all' }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestOk('post', '/bff/logout'),
    onSuccess: () => {
      // Drafts belong to the person who typed them.
      sessionStorage.clear();
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
  });
}
