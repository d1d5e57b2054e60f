import { queryOptions } from '@tanstack/react-query';
import { sessionUserSchema, type SessionUser } from '../../../contract/bff-api.ts';
import { ApiError, request } from '../api-client.ts';
import { authKeys } from './auth-keys.ts';

/** Who is signed in: `null` when nobody is (a 401 is the answer here, not an expired session). */
export async function getSession(): Promise<SessionUser | null> {
  const answer = await request('get', '/bff/user', { unauthorizedIsAnswer: true });
  if (answer.status === 401) return null;
  if (answer.status >= 400) throw new ApiError(answer.status, answer.body, '/bff/user');
  return sessionUserSchema.parse(answer.body);
}

export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: getSession,
  staleTime: 60_000,
  retry: false,
});
