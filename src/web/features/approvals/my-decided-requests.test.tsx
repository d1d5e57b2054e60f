// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decisionsSeenSchema, type DecisionsSeen } from '../../../contract/approval-decisions.ts';
import { approvalPageSchema, type Approval } from '../../../contract/approvals.ts';
import { messages as approvalsEnglish } from './locales/en.po';
import { MyDecidedRequests } from './my-decided-requests.tsx';
import { pendingCharge } from '../../testing/pending-charge.ts';

i18n.load('en', approvalsEnglish);
i18n.activate('en');

const rejected = pendingCharge({
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  status: 'rejected',
  requested_by: 'rita',
  decided_by: 'ada',
  decided_by_display_name: 'Ada Admin',
  decided_at: '2026-11-28T10:00:00.000Z',
  reason: 'Wrong contract: this fee belongs on C2000.',
});
const olderApproved = pendingCharge({
  id: '1a2b3c4d-0000-4000-8000-000000000002',
  input_id: 'fee-2',
  status: 'approved',
  outcome: 'booked',
  requested_by: 'rita',
  decided_by: 'bert',
  decided_by_display_name: null,
  decided_at: '2026-11-20T10:00:00.000Z',
});

/** The BFF as the page meets it: the requester's decided requests, and "they looked" with when they had before. */
function fakeBff(decided: Approval[], seen: DecisionsSeen) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    calls.push(`${input.method} ${url.pathname}${url.search}`);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (
      input.method === 'GET' &&
      url.pathname === '/bff/approvals' &&
      url.searchParams.get('mine') === 'decided'
    )
      return json(
        approvalPageSchema.parse({ count: decided.length, next: null, previous: null, results: decided }),
      );
    if (input.method === 'POST' && url.pathname === '/bff/approvals/decisions-for-me')
      return json(decisionsSeenSchema.parse(seen));
    return new Response(null, { status: 404 });
  });
  return calls;
}

function renderSection() {
  const rootRoute = createRootRoute({ component: () => <MyDecidedRequests locale="en-US" /> });
  const detail = createRoute({ getParentRoute: () => rootRoute, path: '/approvals/$id' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([detail]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the requester’s decided requests on the approvals page', () => {
  it('shows a rejected request to the person who asked, with who rejected it and the reason', async () => {
    fakeBff([rejected, olderApproved], {
      seen_at: '2026-11-28T12:00:00.000Z',
      previously_seen_at: '2026-11-25T08:00:00.000Z',
    });
    renderSection();
    const section = await screen.findByTestId('my-decided-requests');
    expect(within(section).getByRole('heading', { name: 'Your requests, decided' })).toBeTruthy();
    const rows = within(section).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]?.[1]).toMatch(/^rejected/);
    expect(cells[0]?.[2]).toBe('Ada Admin');
    expect(cells[0]?.[4]).toBe('Wrong contract: this fee belongs on C2000.');
    expect(cells[1]?.[1]).toMatch(/^approved and booked/);
    expect(cells[1]?.[4]).toBe('—');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/approvals/${rejected.id}`);
  });

  it('marks as new what was decided since the requester last looked, once the BFF has recorded the look', async () => {
    const calls = fakeBff([rejected, olderApproved], {
      seen_at: '2026-11-28T12:00:00.000Z',
      previously_seen_at: '2026-11-25T08:00:00.000Z',
    });
    renderSection();
    const section = await screen.findByTestId('my-decided-requests');
    await waitFor(() => expect(within(section).getAllByText('new')).toHaveLength(1));
    const [first, second] = within(section).getAllByRole('row').slice(1);
    expect(within(first!).queryByText('new')).not.toBeNull();
    expect(within(second!).queryByText('new')).toBeNull();
    expect(calls.filter((call) => call === 'POST /bff/approvals/decisions-for-me')).toHaveLength(1);
  });

  it('shows nothing, and records no look, when none of the user’s requests is decided', async () => {
    const calls = fakeBff([], { seen_at: '2026-11-28T12:00:00.000Z', previously_seen_at: null });
    renderSection();
    await waitFor(() => expect(calls).toContain('GET /bff/approvals?mine=decided&limit=10'));
    expect(screen.queryByTestId('my-decided-requests')).toBeNull();
    expect(calls).not.toContain('POST /bff/approvals/decisions-for-me');
  });
});
