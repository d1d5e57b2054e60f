import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { createAppRouter } from '../app/router.tsx';
import { activateLanguage } from '../i18n/i18n.ts';
import type { Language } from '../i18n/language.ts';
import type { FakeBff } from './fake-bff.ts';

/**
 * The whole console — its router, layout, pages, hooks and words — opened at `path` in happy-dom, talking to
 * `bff` instead of a server. A page's component tests use it to test the page as staff meet it (the fields,
 * the refusals, the confirmations) in milliseconds, where a Playwright test needs a browser and a stack.
 */
export async function renderConsoleAt(path: string, bff: FakeBff, language: Language = 'en') {
  vi.stubGlobal('fetch', bff.fetch);
  window.history.replaceState(null, '', path);
  await activateLanguage(language);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await router.load();
  });
  return { router, queryClient };
}
