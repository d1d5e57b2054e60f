import { getRouteApi } from '@tanstack/react-router';
import type { SessionUser } from '../../../contract/bff-api.ts';

// The console route's beforeLoad signs the visitor in or redirects: below it the user is always known.
const consoleRouteApi = getRouteApi('/console');

/** The signed-in staff member, for any page under the console route. */
export function useCurrentUser(): SessionUser {
  return consoleRouteApi.useRouteContext({ select: (context) => context.user });
}
