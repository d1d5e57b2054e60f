import type { Page } from '@playwright/test';
import {
  ADMIN,
  ensureStaff,
  expect,
  expectAccessible,
  OPERATOR,
  signIn,
  test,
  screenshot,
} from './fixtures.ts';

const SHOTS = 'test-results/screenshots';
const LANGUAGES = [
  {
    language: 'en',
    locale: 'en-US',
    heading: 'Passkeys',
    add: 'Add a passkey',
    passkeyButton: 'Sign in with a passkey',
  },
  {
    language: 'de',
    locale: 'de-DE',
    heading: 'Passkeys',
    add: 'Passkey hinzufügen',
    passkeyButton: 'Mit Passkey anmelden',
  },
] as const;

/**
 * Chromium's virtual authenticator (CDP `WebAuthn.addVirtualAuthenticator`): a platform authenticator
 * that holds discoverable credentials and verifies the person (as a fingerprint would) without a prompt.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

/**
 * Registers a passkey for the signed-in account through the BFF's routes from the page, as the console
 * does (registration options after the password step-up, `navigator.credentials.create()`,
 * `POST /bff/passkeys`), without its UI.
 */
function registerThroughApi(page: Page, name: string, password: string) {
  return page.evaluate(
    async ([passkeyName, currentPassword]) => {
      const bytes = (base64url: string) =>
        Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
      const base64url = (buffer: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const csrf = { 'x-csrf': '1' };
      const options = await (
        await fetch('/bff/passkeys/registration-options', {
          method: 'POST',
          headers: { ...csrf, 'content-type': 'application/json' },
          body: JSON.stringify({ password: currentPassword }),
        })
      ).json();
      const credential = await navigator.credentials.create({
        publicKey: {
          ...options,
          challenge: bytes(options.challenge),
          user: { ...options.user, id: bytes(options.user.id) },
          excludeCredentials: options.excludeCredentials.map((excluded: { id: string }) => ({
            ...excluded,
            id: bytes(excluded.id),
          })),
        },
      });
      if (
        !(credential instanceof PublicKeyCredential) ||
        !(credential.response instanceof AuthenticatorAttestationResponse)
      )
        throw new Error('The browser made no passkey.');
      const attestation = credential.response;
      const response = {
        id: credential.id,
        rawId: base64url(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: base64url(attestation.clientDataJSON),
          attestationObject: base64url(attestation.attestationObject),
          transports: attestation.getTransports(),
        },
        clientExtensionResults: {},
      };
      const answer = await fetch('/bff/passkeys', {
        method: 'POST',
        headers: { ...csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ name: passkeyName, response }),
      });
      return { status: answer.status, body: await answer.json() };
    },
    [name, password] as const,
  );
}

test.describe('passkeys of local accounts', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await ensureStaff(page);
    await page.close();
  });

  test('a passkey registered in Chromium’s virtual authenticator signs in from the sign-in page', async ({
    page,
    context,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await signIn(page, OPERATOR);
    // The session alone (a stolen cookie) gets no registration options: the step-up is the password.
    const cookieOnly = await page.request.post('/bff/passkeys/registration-options', {
      headers: { 'x-csrf': '1' },
    });
    expect(cookieOnly.status()).toBe(403);
    const registered = await registerThroughApi(page, 'Virtual authenticator', OPERATOR.password);
    expect(registered).toMatchObject({
      status: 201,
      body: { name: 'Virtual authenticator', lastUsedAt: null },
    });
    // The authenticator keeps it as a discoverable credential, for this host name.
    expect(
      (await authenticator.credentials()).map(({ isResidentCredential, rpId }) => [
        isResidentCredential,
        rpId,
      ]),
    ).toEqual([[true, 'localhost']]);

    await context.clearCookies();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByTestId('current-user')).toContainText(OPERATOR.username);
    // The passkey's use is recorded.
    const passkeys = await page.request.get('/bff/passkeys', { headers: { 'x-csrf': '1' } });
    const [used] = (await passkeys.json()).passkeys;
    expect(used.lastUsedAt).not.toBeNull();
  });

  test('the sign-in page offers passkeys, in both languages, light and dark, narrow and wide', async ({
    browser,
  }) => {
    for (const { language, locale, passkeyButton } of LANGUAGES) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/sign-in');
      await expect(page.getByRole('button', { name: passkeyButton })).toBeVisible();
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await screenshot(page, {
            path: `${SHOTS}/sign-in-passkey-${language}-${scheme}-${width}.png`,
            fullPage: true,
          });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await expectAccessible(page);
      await context.close();
    }
  });

  test('a passkey whose sign-in the authenticator refuses leaves nobody signed in, and says why', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    // An authenticator that holds no passkey for this console: the browser's dialog ends without one.
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The passkey dialog was closed or timed out.', { timeout: 15_000 });
    await expect(alert).toBeFocused();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  /** Needs the account page (`/account`, the accounts branch), which shows PasskeysPanel. */
  test('on the account page: add a passkey under a name, rename it, remove it after confirming', async ({
    browser,
  }) => {
    for (const { language, locale, heading, add } of LANGUAGES) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const authenticator = await addVirtualAuthenticator(page);
      await signIn(page, OPERATOR);
      await page.goto('/account');
      const panel = page.getByRole('region', { name: heading });
      await expect(panel).toBeVisible();

      if (language === 'en') {
        await panel.getByLabel('Name of the new passkey').fill('Work laptop');
        // A wrong password: refused by the server, said plainly, no passkey made.
        await panel.getByLabel('Your current password').fill('not my password at all');
        await panel.getByRole('button', { name: add }).click();
        await expect(panel.getByRole('alert')).toHaveText(
          'This is not your password: the passkey was not added.',
        );
        expect(await authenticator.credentials()).toHaveLength(0);
        await panel.getByLabel('Your current password').fill(OPERATOR.password);
        await panel.getByRole('button', { name: add }).click();
        await expect(panel.getByRole('status')).toHaveText('Passkey “Work laptop” added.');
        await expect(panel.getByRole('listitem').filter({ hasText: 'Work laptop' })).toContainText(
          'last used never',
        );
        expect(await authenticator.credentials()).toHaveLength(1);

        await panel.getByRole('button', { name: 'Rename passkey Work laptop' }).click();
        await panel.getByLabel('New name for Work laptop').fill('Old laptop');
        await panel.getByRole('button', { name: 'Save name' }).click();
        await expect(panel.getByRole('listitem').filter({ hasText: 'Old laptop' })).toBeVisible();
        await expect(panel.getByRole('button', { name: 'Rename passkey Old laptop' })).toBeFocused();
      }

      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await screenshot(page, {
            path: `${SHOTS}/account-passkeys-${language}-${scheme}-${width}.png`,
            fullPage: true,
          });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await expectAccessible(page);

      if (language === 'en') {
        await page.getByRole('button', { name: 'Remove passkey Old laptop' }).click();
        const dialog = page.getByRole('dialog', { name: 'Remove the passkey “Old laptop”?' });
        await expect(dialog).toBeVisible();
        await screenshot(page, { path: `${SHOTS}/account-passkeys-remove-${language}.png`, fullPage: true });
        await expectAccessible(page);
        await dialog.getByRole('button', { name: 'Remove passkey' }).click();
        await expect(dialog).toBeHidden();
        await expect(panel.getByRole('listitem').filter({ hasText: 'Old laptop' })).toHaveCount(0);
      }
      await context.close();
    }
  });

  test('an admin sees an account’s passkeys on the accounts page and removes one after confirming', async ({
    browser,
  }) => {
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await addVirtualAuthenticator(ownerPage);
    await signIn(ownerPage, OPERATOR);
    expect((await registerThroughApi(ownerPage, 'Left at the office', OPERATOR.password)).status).toBe(201);
    await owner.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.goto('/admin/accounts');
    await page.getByRole('button', { name: `Passkeys of ${OPERATOR.username}` }).click();
    const panel = page.getByRole('region', { name: `Passkeys of ${OPERATOR.username}` });
    const item = panel.getByRole('listitem').filter({ hasText: 'Left at the office' });
    await expect(item).toContainText('Added');
    await item
      .getByRole('button', { name: `Remove passkey Left at the office of ${OPERATOR.username}` })
      .click();
    await expect(panel.getByTestId('confirm-passkey-removal')).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/admin-user-passkeys-remove-en.png`, fullPage: true });
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    await expect(item).toHaveCount(0);
    await context.close();
  });
});
