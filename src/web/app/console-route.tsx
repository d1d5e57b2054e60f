import { createRoute, redirect } from '@tanstack/react-router';
import { forgetOtherUsersDrafts } from '../lib/draft-store.ts';
import { sessionQueryOptions } from '../lib/session/get-session.ts';
import { AppLayout } from './app-layout.tsx';
import { rootRoute } from './root-route.tsx';

/** The console's shell around every page but the sign-in screen: only for someone signed in. */
export const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!user) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    // Drafts belong to the person who typed them: a tab whose session ended keeps them for that person's
    // return, but whoever signs in next never sees another's (an IBAN among them).
    forgetOtherUsersDrafts(user.username);
    return { user };
  },
  component: function ConsoleRoute() {
    const user = consoleRoute.useRouteContext({ select: (context) => context.user });
    return <AppLayout user={user} />;
  },
});
