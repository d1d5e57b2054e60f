import { queryOptions, useQuery } from '@tanstack/react-query';
import { signInOptionsSchema } from '../../../contract/bff-api.ts';
import { requestOk } from '../api-client.ts';
import { authKeys } from './auth-keys.ts';

export const getSignInOptions = () =>
  requestOk('get', '/bff/sign-in-options', { schema: signInOptionsSchema });

export const signInOptionsQueryOptions = queryOptions({
  queryKey: authKeys.signInOptions,
  queryFn: getSignInOptions,
  staleTime: 30_000,
});

/** Local accounts on or off, and whether SSO is set up and reachable right now. */
export const useSignInOptions = () => useQuery(signInOptionsQueryOptions);
