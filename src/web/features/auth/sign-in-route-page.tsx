import { getRouteApi } from '@tanstack/react-router';
import { SignInPage } from './sign-in-page.tsx';

const signInRouteApi = getRouteApi('/sign-in');

/** The sign-in route's page with what its address says (where to go after, why the session ended). */
export function SignInRoute() {
  const search = signInRouteApi.useSearch();
  return <SignInPage redirect={search.redirect} expired={search.expired} ssoOutcome={search.sso} />;
}
