import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { staffSessionSchema } from '../../../../contract/accounts.ts';
import { requestOk } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** Where someone is signed in: one's own sessions, or `username`'s (admins). */
export const getSessions = (username?: string) =>
  requestOk('get', '/bff/sessions', {
    ...(username === undefined ? {} : { searchParams: { username } }),
    schema: z.array(staffSessionSchema),
  });

export const sessionsQueryOptions = (username?: string) =>
  queryOptions({ queryKey: accountKeys.sessionsOf(username), queryFn: () => getSessions(username) });

export const useSessions = (username?: string) => useQuery(sessionsQueryOptions(username));
