import { getRouteApi } from '@tanstack/react-router';
import { useParsedSearch } from '../../lib/parsed-search.ts';
import { SignInPage } from './sign-in-page.tsx';
import { signInSearchSchema } from './sign-in-search.ts';

const signInRouteApi = getRouteApi('/sign-in');

/** The sign-in route's page with what its address says (where to go after, why the session ended). */
export function SignInRoute() {
  const search = useParsedSearch(signInSearchSchema, signInRouteApi.useSearch());
  return <SignInPage redirect={search.redirect} expired={search.expired} ssoOutcome={search.sso} />;
}
