import { queryOptions, useQuery } from '@tanstack/react-query';
import { environmentInfoSchema } from '../../../contract/bff-api.ts';
import { requestOk } from '../api-client.ts';
import { authKeys } from './auth-keys.ts';

export const getEnvironment = () => requestOk('get', '/bff/environment', { schema: environmentInfoSchema });

export const environmentQueryOptions = queryOptions({
  queryKey: authKeys.environment,
  queryFn: getEnvironment,
  staleTime: Infinity,
});

export const useEnvironment = () => useQuery(environmentQueryOptions);
