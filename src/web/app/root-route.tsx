import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

interface RouterContext {
  queryClient: QueryClient;
}

/** Every address: the sign-in screen, the console, and the page for an address that is none of them. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Outside the shell (the address may be anyone's): its own main landmark and the content's margins.
  notFoundComponent: () => (
    <main className="content page">
      <h1>{t`Page not found`}</h1>
      <p>
        <a href="/">{t`Go to the start page`}</a>
      </p>
    </main>
  ),
});
