// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '../../../contract/passkeys.ts';
import { messages as de } from '../../locales/de.po';
import { messages as en } from '../../locales/en.po';
import type * as UserPasskeyRequests from './api/user-passkey-requests.ts';
import { messages as adminGerman } from './locales/de.po';
import { messages as adminEnglish } from './locales/en.po';

// The server's answers are the test's to give; the panel, its hooks and texts are the real code.
const requests = vi.hoisted(() => ({
  getUserPasskeys: vi.fn<(username: string) => Promise<Passkey[]>>(),
  removeUserPasskey: vi.fn<(removal: { username: string; id: string }) => Promise<unknown>>(),
}));
vi.mock('./api/user-passkey-requests.ts', async (original) => ({
  ...(await original<typeof UserPasskeyRequests>()),
  ...requests,
}));
const { UserPasskeys } = await import('./user-passkeys.tsx');

const planted: Passkey = {
  id: '0b5c1c6e-36a4-4ad4-9a0e-2f5b1c0b7a11',
  name: 'Planted',
  createdAt: '2026-11-20T09:30:00Z',
  lastUsedAt: null,
  backedUp: false,
};

beforeEach(() => {
  for (const request of Object.values(requests)) request.mockReset();
  i18n.loadAndActivate({ locale: 'en', messages: en });
  i18n.load('en', adminEnglish);
});
afterEach(cleanup);

async function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <UserPasskeys username="olga" onClose={() => {}} />
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
  return screen.findByRole('region', { name: 'Passkeys of olga' });
}

describe('an account’s passkeys on the accounts page', () => {
  it('lists them with when each was added and last used', async () => {
    requests.getUserPasskeys.mockResolvedValue([planted]);
    const panel = await renderPanel();
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Planted.*Added .*2026.*last used never/),
    ]);
    expect(requests.getUserPasskeys.mock.calls).toEqual([['olga']]);
  });

  it('says so when the account has none', async () => {
    requests.getUserPasskeys.mockResolvedValue([]);
    const panel = await renderPanel();
    expect(await within(panel).findByText('olga has no passkeys.')).toBeTruthy();
  });

  it('removes one only once the admin confirms, and reads the list again', async () => {
    requests.getUserPasskeys.mockResolvedValue([planted]);
    requests.removeUserPasskey.mockResolvedValue(undefined);
    const panel = await renderPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove passkey Planted of olga' }));
    const confirm = within(panel).getByTestId('confirm-passkey-removal');
    expect(confirm.textContent).toContain('Remove the passkey “Planted” of olga?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(panel).queryByTestId('confirm-passkey-removal')).toBeNull();
    expect(requests.removeUserPasskey).not.toHaveBeenCalled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove passkey Planted of olga' }));
    fireEvent.click(
      within(within(panel).getByTestId('confirm-passkey-removal')).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    await waitFor(() => expect(within(panel).queryByTestId('confirm-passkey-removal')).toBeNull());
    expect(requests.removeUserPasskey.mock.calls.map(([removal]) => removal)).toEqual([
      { username: 'olga', id: planted.id },
    ]);
    await waitFor(() => expect(requests.getUserPasskeys).toHaveBeenCalledTimes(2));
  });

  it('names the panel and its remove buttons in German', async () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    i18n.load('de', adminGerman);
    requests.getUserPasskeys.mockResolvedValue([planted]);
    await act(async () => {
      render(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <UserPasskeys username="olga" onClose={() => {}} />
          </QueryClientProvider>
        </I18nProvider>,
      );
    });
    const panel = await screen.findByRole('region', { name: 'Passkeys von olga' });
    expect(
      await within(panel).findByRole('button', { name: 'Passkey Planted von olga entfernen' }),
    ).toBeTruthy();
  });
});
