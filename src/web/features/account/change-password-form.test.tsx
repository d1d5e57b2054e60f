// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangePasswordRequest } from '../../../contract/accounts.ts';
import { messages as en } from '../../locales/en.po';
import { messages as accountEnglish } from './locales/en.po';
import type * as ChangePasswordRequests from './api/change-password.ts';

// The server's answer is the test's to give; the form, its schema and texts are the real code.
const requests = vi.hoisted(() => ({
  changePassword: vi.fn<(values: ChangePasswordRequest) => Promise<unknown>>(),
}));
vi.mock('./api/change-password.ts', async (original) => {
  const real = await original<typeof ChangePasswordRequests>();
  const { useMutation } = await import('@tanstack/react-query');
  return { ...real, useChangePassword: () => useMutation({ mutationFn: requests.changePassword }) };
});
const { ChangePasswordForm } = await import('./change-password-form.tsx');

beforeEach(() => {
  requests.changePassword.mockReset();
  requests.changePassword.mockResolvedValue(undefined);
  i18n.loadAndActivate({ locale: 'en', messages: en });
  i18n.load('en', accountEnglish);
});
afterEach(cleanup);

async function renderForm(temporary: boolean) {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <ChangePasswordForm username="tilo" temporary={temporary} />
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })));

describe('changing one’s password', () => {
  it('after a temporary password asks only for the new one, twice, and sends it once', async () => {
    await renderForm(true);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.queryByLabelText('Temporary password')).toBeNull();
    type('New password', 'copper kettle meadow');
    type('Confirm the password', 'copper kettle meadow');
    await submit();
    await waitFor(() => expect(requests.changePassword).toHaveBeenCalledTimes(1));
    expect(requests.changePassword.mock.calls[0]![0]).toEqual({ new_password: 'copper kettle meadow' });
  });

  it('sends nothing while the two new passwords differ, and says so on the second', async () => {
    await renderForm(false);
    type('Current password', 'first choice of mine');
    type('New password', 'copper kettle meadow');
    type('Confirm the password', 'copper kettle medow');
    await submit();
    expect(await screen.findByText('The two new passwords differ: type the same one twice.')).toBeTruthy();
    expect(screen.getByLabelText('Confirm the password').getAttribute('aria-invalid')).toBe('true');
    expect(requests.changePassword).not.toHaveBeenCalled();
  });

  it('asks for the current password otherwise', async () => {
    await renderForm(false);
    type('New password', 'copper kettle meadow');
    type('Confirm the password', 'copper kettle meadow');
    await submit();
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(requests.changePassword).not.toHaveBeenCalled();
  });
});
