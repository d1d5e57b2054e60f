// First: zod's settings before any module builds a schema (its own chunk, imported first; see the file).
import './zod-without-eval.ts';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Fragment, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionQueryOptions } from './lib/session/get-session.ts';
import { SignedOutError, setSignedOutHandler } from './lib/http.ts';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { activateLanguage, startingLanguage } from './i18n/i18n.ts';
import { formattingLocale } from './i18n/language.ts';
import { warmIntl } from './lib/warm-intl.ts';
import './styles.css';

const queryClient = createQueryClient();
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

/**
 * Renders the console afresh when the language changes, so words read outside React (the feature
 * catalogues, error maps) are in the new language too. Forms keep their input: their drafts restore it.
 */
function InLanguage({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

// The first paint is in the user's language: its catalogue (a few KB) loads before React renders.
const language = startingLanguage();
const languageActive = activateLanguage(language);
// Meanwhile ICU sets up number formats and zones (warm-intl.ts), outside the first render.
warmIntl(formattingLocale(language, navigator.language));
// Meanwhile the question every console page's route asks first, who is signed in (issue 30: on a slow
// network the answer took a round trip of its own between the catalogue and the page's code).
void queryClient.prefetchQuery(sessionQueryOptions);
await languageActive;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <InLanguage>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </InLanguage>
    </I18nProvider>
  </StrictMode>,
);
