// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '../../../contract/bff-api.ts';
import { messages as en } from '../../locales/en.po';
import type * as GetUsers from './api/get-users.ts';
import type * as UpdateUser from './api/update-user.ts';
import { messages as adminEnglish } from './locales/en.po';

// The server's answers are the test's to give; the page, its hooks and texts are the real code.
const requests = vi.hoisted(() => ({
  getUsers: vi.fn<() => Promise<StaffUser[]>>(),
  updateUser: vi.fn<(change: { username: string; role?: string }) => Promise<unknown>>(),
}));
vi.mock('./api/get-users.ts', async (original) => {
  const real = await original<typeof GetUsers>();
  const { useQuery } = await import('@tanstack/react-query');
  return { ...real, useUsers: () => useQuery({ queryKey: ['users'], queryFn: requests.getUsers }) };
});
vi.mock('./api/update-user.ts', async (original) => {
  const real = await original<typeof UpdateUser>();
  const { useMutation } = await import('@tanstack/react-query');
  return { ...real, useUpdateUser: () => useMutation({ mutationFn: requests.updateUser }) };
});
vi.mock('../../lib/session/use-current-user.ts', () => ({
  useCurrentUser: () => ({ username: 'admin', role: 'admin' }),
}));
vi.mock('../../lib/session/get-sign-in-options.ts', () => ({
  useSignInOptions: () => ({ data: { local: true, sso: 'off', passkey: false } }),
}));
const { AccountsPage } = await import('./accounts-page.tsx');

const olga: StaffUser = {
  username: 'olga',
  role: 'operator',
  disabled: false,
  createdAt: '2026-11-20T09:30:00Z',
  mustChangePassword: false,
  lastSignInAt: '2026-11-27T08:15:00Z',
};
const neu: StaffUser = { ...olga, username: 'neu', role: 'viewer', lastSignInAt: null };

beforeEach(() => {
  for (const request of Object.values(requests)) request.mockReset();
  requests.getUsers.mockResolvedValue([olga, neu]);
  requests.updateUser.mockResolvedValue({});
  i18n.loadAndActivate({ locale: 'en', messages: en });
  i18n.load('en', adminEnglish);
});
afterEach(cleanup);

async function renderPage() {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AccountsPage />
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
  return screen.findByRole('table');
}

describe('the accounts list', () => {
  it('shows when each account last signed in', async () => {
    const table = await renderPage();
    const rows = await within(table).findAllByRole('row');
    expect(within(rows[0]!).getByText('Last sign-in')).toBeTruthy();
    expect(rows[1]!.textContent).toMatch(/olga.*2026.*08:15|olga.*27.*2026/);
    expect(rows[2]!.textContent).toMatch(/neu.*never/);
  });

  it('changes a role only once the admin confirms, naming the person and both roles, then says it is done', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('Role of olga'), { target: { value: 'admin' } });
    const question = await screen.findByTestId('confirm-role-change');
    expect(question.textContent).toMatch(/Change the role of olga from operator to admin\?/i);
    expect(requests.updateUser).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Change role' })));
    await waitFor(() => expect(requests.updateUser).toHaveBeenCalledTimes(1));
    expect(requests.updateUser.mock.calls[0]![0]).toEqual({ username: 'olga', role: 'admin' });
    await waitFor(() =>
      expect(
        screen.getAllByRole('status').some((status) => /olga is now admin/i.test(status.textContent ?? '')),
      ).toBe(true),
    );
    expect(screen.queryByTestId('confirm-role-change')).toBeNull();
  });

  it('changes nothing when the admin cancels', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('Role of olga'), { target: { value: 'viewer' } });
    const question = await screen.findByTestId('confirm-role-change');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-role-change')).toBeNull();
    expect(requests.updateUser).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLSelectElement>('Role of olga').value).toBe('operator');
  });
});
