import { queryOptions } from '@tanstack/react-query';
import { sessionAnswerSchema, type SessionUser } from '../../../contract/bff-api.ts';
import { ApiError, request } from '../api-client.ts';
import { authKeys } from './auth-keys.ts';

/**
 * Who is signed in: `null` when nobody is. Asked of `/bff/session`, which answers 200 either way: the pinned
 * `/bff/user` answers 401 signed out, which browsers log as an error on every signed-out load.
 */
export async function getSession(): Promise<SessionUser | null> {
  const answer = await request('get', '/bff/session');
  if (answer.status >= 400) throw new ApiError(answer.status, answer.body, '/bff/session');
  return sessionAnswerSchema.parse(answer.body).user;
}

export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: getSession,
  staleTime: 60_000,
  retry: false,
});
