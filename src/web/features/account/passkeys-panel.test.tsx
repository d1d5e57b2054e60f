// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey, PasskeyList } from '../../../contract/passkeys.ts';
import { messages as de } from '../../locales/de.po';
import { messages as en } from '../../locales/en.po';
import { ApiError } from '../../lib/api-client.ts';
import type * as PasskeyRequests from './api/passkey-requests.ts';
import { messages as passkeysGerman } from './locales/de.po';

// The server's answers are the test's to give; the panel, its hooks and texts are the real code.
const requests = vi.hoisted(() => ({
  getPasskeys: vi.fn<() => Promise<PasskeyList>>(),
  addPasskey: vi.fn<(added: { name: string; password: string }) => Promise<Passkey>>(),
  renamePasskey: vi.fn<(change: { id: string; name: string }) => Promise<Passkey>>(),
  removePasskey: vi.fn<(id: string) => Promise<unknown>>(),
}));
vi.mock('./api/passkey-requests.ts', async (original) => ({
  ...(await original<typeof PasskeyRequests>()),
  ...requests,
}));
const { PasskeysPanel, localhostAddressOf } = await import('./passkeys-panel.tsx');

const laptop: Passkey = {
  id: '0b5c1c6e-36a4-4ad4-9a0e-2f5b1c0b7a11',
  name: 'Laptop',
  createdAt: '2026-11-20T09:30:00Z',
  lastUsedAt: null,
  backedUp: false,
};
const phone: Passkey = {
  id: '7d0e3f3c-5a9b-4f52-8d0c-6f2a7c9d1e22',
  name: 'Phone',
  createdAt: '2026-11-21T10:00:00Z',
  lastUsedAt: '2026-11-24T07:45:00Z',
  backedUp: true,
};

beforeEach(() => {
  for (const request of Object.values(requests)) request.mockReset();
  // happy-dom has no WebAuthn; the panel asks only whether it is there.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(cleanup);
afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

/** Renders as the page does: the panel suspends until its catalogue is there. */
async function renderPanel(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const page: ReactNode = (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <PasskeysPanel />
        </Suspense>
      </QueryClientProvider>
    </I18nProvider>
  );
  await act(async () => {
    render(page);
  });
  return screen.findByRole('region', { name: 'Passkeys' });
}

describe('the passkeys panel', () => {
  it('lists each passkey with when it was added and last used, and which are synced', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [laptop, phone], unavailable: null });
    const panel = await renderPanel();
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Laptop.*Added .*2026.*last used never/),
      expect.stringMatching(/^Phone synced.*Added .*2026.*last used .*2026/),
    ]);
    expect(within(panel).getByRole('button', { name: 'Rename passkey Phone' })).toBeTruthy();
  });

  it('says so when there is none yet', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: null });
    const panel = await renderPanel();
    expect(await within(panel).findByText('You have no passkeys yet.')).toBeTruthy();
  });

  it('adds a passkey under the name given, and asks for a name first', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: null });
    requests.addPasskey.mockResolvedValue({ ...laptop, name: 'Work laptop' });
    const panel = await renderPanel();
    const add = await within(panel).findByRole('button', { name: 'Add a passkey' });
    fireEvent.click(add);
    const name = within(panel).getByLabelText('Name of the new passkey');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText('Give the passkey a name.')).toBeTruthy();
    expect(requests.addPasskey).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: '  Work laptop ' } });
    fireEvent.change(within(panel).getByLabelText('Your current password'), {
      target: { value: 'olga-password-1' },
    });
    fireEvent.click(add);
    expect((await within(panel).findByRole('status')).textContent).toBe('Passkey “Work laptop” added.');
    expect(requests.addPasskey.mock.calls.map(([added]) => added)).toEqual([
      { name: 'Work laptop', password: 'olga-password-1' },
    ]);
    // The list is read again.
    await waitFor(() => expect(requests.getPasskeys).toHaveBeenCalledTimes(2));
  });

  it('shows why the browser gave no passkey', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: null });
    // The browser's own refusal: cancelled, or timed out.
    requests.addPasskey.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const panel = await renderPanel();
    fireEvent.change(await within(panel).findByLabelText('Name of the new passkey'), {
      target: { value: 'Key' },
    });
    fireEvent.change(within(panel).getByLabelText('Your current password'), { target: { value: 'pw' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The passkey dialog was closed or timed out.',
    );
  });

  it('asks for the current password before adding a passkey', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: null });
    const panel = await renderPanel();
    fireEvent.change(await within(panel).findByLabelText('Name of the new passkey'), {
      target: { value: 'Key' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    const password = within(panel).getByLabelText('Your current password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText('Enter your current password to add a passkey.')).toBeTruthy();
    expect(requests.addPasskey).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a wrong password, and clears the field', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: null });
    requests.addPasskey.mockRejectedValue(
      new ApiError(403, { detail: 'This is not your password: the passkey was not added.' }, '/bff/passkeys'),
    );
    const panel = await renderPanel();
    fireEvent.change(await within(panel).findByLabelText('Name of the new passkey'), {
      target: { value: 'Key' },
    });
    const password = within(panel).getByLabelText<HTMLInputElement>('Your current password');
    fireEvent.change(password, { target: { value: 'guess' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'This is not your password: the passkey was not added.',
    );
    expect(password.value).toBe('');
  });

  it('renames a passkey in place', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [laptop], unavailable: null });
    requests.renamePasskey.mockResolvedValue({ ...laptop, name: 'Old laptop' });
    const panel = await renderPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Rename passkey Laptop' }));
    const name = within(panel).getByLabelText('New name for Laptop');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save name' }));
    expect(within(panel).getByText('Give the passkey a name.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Old laptop' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(within(panel).queryByLabelText('New name for Laptop')).toBeNull());
    expect(requests.renamePasskey.mock.calls.map(([change]) => change)).toEqual([
      { id: laptop.id, name: 'Old laptop' },
    ]);
  });

  it('removes a passkey only once the person confirms', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [laptop], unavailable: null });
    requests.removePasskey.mockResolvedValue(undefined);
    const panel = await renderPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the passkey “Laptop”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.removePasskey).not.toHaveBeenCalled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove passkey Laptop' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.removePasskey.mock.calls.map(([id]) => id)).toEqual([laptop.id]);
  });

  it('says that passkeys need a host name, and offers none to add', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: 'host-name' });
    const panel = await renderPanel();
    expect((await within(panel).findByTestId('passkeys-unavailable')).textContent).toMatch(
      /^Passkeys need a host name: .* BFF_PUBLIC_URL/,
    );
    expect(within(panel).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('names the localhost address to open when the console is reached at a loopback IP address', () => {
    expect(localhostAddressOf({ protocol: 'http:', hostname: '127.0.0.1', port: '8080' })).toBe(
      'http://localhost:8080',
    );
    expect(localhostAddressOf({ protocol: 'http:', hostname: '[::1]', port: '' })).toBe('http://localhost');
    expect(localhostAddressOf({ protocol: 'https:', hostname: '10.0.0.5', port: '' })).toBeNull();
    expect(localhostAddressOf({ protocol: 'https:', hostname: 'console.example.com', port: '' })).toBeNull();
  });

  it('tells SSO staff that their provider keeps their credentials', async () => {
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: 'sso' });
    const panel = await renderPanel();
    expect((await within(panel).findByTestId('passkeys-unavailable')).textContent).toContain(
      'company’s sign-in service',
    );
    expect(within(panel).queryByText('You have no passkeys yet.')).toBeNull();
  });

  it('says so in a browser without WebAuthn', async () => {
    vi.unstubAllGlobals();
    requests.getPasskeys.mockResolvedValue({ passkeys: [], unavailable: null });
    const panel = await renderPanel();
    expect(await within(panel).findByText('This browser cannot use passkeys.')).toBeTruthy();
  });

  it('names the add and remove buttons in German', async () => {
    // The language's main catalogue and the panel's own, as a language switch loads them.
    i18n.loadAndActivate({ locale: 'de', messages: de });
    i18n.load('de', passkeysGerman);
    requests.getPasskeys.mockResolvedValue({ passkeys: [laptop], unavailable: null });
    const panel = await renderPanel();
    expect(await within(panel).findByRole('button', { name: 'Passkey hinzufügen' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Passkey Laptop entfernen' })).toBeTruthy();
  });
});
