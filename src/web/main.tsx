import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionQueryOptions } from './features/auth/session.ts';
import { SignedOutError, setSignedOutHandler } from './lib/api-client.ts';
import { createAppRouter } from './app/router.tsx';
import { activateLanguage, startingLanguage } from './i18n/i18n.ts';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // 4xx are answers, not hiccups; ky already retries reads once on 502/503/504.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
const router = createAppRouter(queryClient);

setSignedOutHandler(() => {
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/sign-in')) {
    void router.navigate({ to: '/sign-in', search: { redirect: here, expired: true } });
  }
});
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason instanceof SignedOutError) event.preventDefault();
});

// The first paint is in the user's language: its catalogue (a few KB) loads before React renders.
await activateLanguage(startingLanguage());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
