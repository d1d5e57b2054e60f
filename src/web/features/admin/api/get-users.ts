import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { staffUserSchema } from '../../../../contract/bff-api.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** The local staff accounts (SSO staff have none). */
export const getUsers = () => requestOk('get', '/bff/users', { schema: z.array(staffUserSchema) });

export const usersQueryOptions = queryOptions({ queryKey: adminKeys.users, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions);
