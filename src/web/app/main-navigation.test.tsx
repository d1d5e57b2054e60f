// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decisionsForMeSchema, type DecisionsForMe } from '../../contract/approval-decisions.ts';
import type { SessionUser } from '../../contract/bff-api.ts';
import { messages as english } from '../locales/en.po';
import { MainNavigation } from './main-navigation.tsx';

i18n.load('en', english);
i18n.activate('en');

const rita: SessionUser = {
  username: 'rita',
  role: 'operator',
  environment: 'sandbox',
  approvalFromCent: 100_000,
};

/** The BFF's two answers the navigation asks for: pending requests and the user's decisions since they looked. */
function fakeBff(pending: number, decisions: DecisionsForMe) {
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/bff/approvals/decisions-for-me')
      return json(decisionsForMeSchema.parse(decisions));
    if (url.pathname === '/bff/approvals' && url.searchParams.get('status') === 'pending')
      return json({ count: pending, next: null, previous: null, results: [] });
    return new Response(null, { status: 404 });
  });
}

function renderNavigation() {
  const rootRoute = createRootRoute({
    component: () => (
      <MainNavigation user={rita} menuOpen={false} onCloseMenu={() => {}} menuButtonRef={createRef()} />
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the navigation tells a requester their request was decided', () => {
  it('names it in the Approvals link and announces it in a status region', async () => {
    fakeBff(2, { unseen: 1, seen_at: '2026-11-25T08:00:00.000Z' });
    renderNavigation();
    await waitFor(() =>
      expect(
        screen.getByRole('link', {
          name: 'Approvals, 2 pending, 1 of your requests decided since you last looked',
        }),
      ).toBeTruthy(),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Approvals: 1 of your requests decided since you last looked.',
    );
  });

  it('says nothing of decisions the requester has seen', async () => {
    fakeBff(0, { unseen: 0, seen_at: '2026-11-28T08:00:00.000Z' });
    renderNavigation();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Approvals' })).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
