import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '../../../contract/bff-api.ts';
import { request } from '../http.ts';
import { authKeys } from './auth-keys.ts';

/**
 * Who is signed in: `null` when nobody is. Asked of `/bff/session`, which answers 200 either way: the pinned
 * `/bff/user` answers 401 signed out, which browsers log as an error on every signed-out load. The answer's
 * schema loads beside the request (zod is not the shell's, docs/decisions/0049).
 */
export async function getSession(): Promise<SessionUser | null> {
  const [answer, { readSessionAnswer }] = await Promise.all([
    request('get', '/bff/session'),
    import('./session-answer.ts'),
  ]);
  return readSessionAnswer(answer);
}

export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: getSession,
  staleTime: 60_000,
  retry: false,
});
