import type { Browser, Page } from '@playwright/test';
import { ADMIN, ensureStaff, expect, expectAccessible, signIn, test, screenshot } from './fixtures.ts';

const SHOTS = 'test-results/screenshots/account';
const CSRF = { 'x-csrf': '1' };

/** A staff member in a browser of their own (own cookies, own session). */
async function staffBrowser(
  browser: Browser,
  user: { username: string; password: string },
  options: { language?: 'en' | 'de'; width?: number } = {},
) {
  const language = options.language ?? 'en';
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-US',
    viewport: { width: options.width ?? 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

/** A new operator account, created through the admin's API as the console does. */
async function createStaff(page: Page, username: string, password: string) {
  await signIn(page, ADMIN);
  const response = await page.request.post('/bff/users', {
    headers: CSRF,
    data: { username, password, role: 'operator' },
  });
  expect(response.status()).toBe(201);
  await page.context().clearCookies();
}

/** Light and dark, full page. */
async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, { path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const unique = (name: string) => `${name}${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await ensureStaff(page);
  await page.close();
});

test('an admin resets a password: the temporary one is shown once, and it opens only the password change', async ({
  browser,
  page,
}) => {
  const username = unique('rosa');
  await createStaff(page, username, 'spring meadow walk');
  const admin = await staffBrowser(browser, ADMIN);
  await admin.page.goto('/admin/accounts');
  await admin.page.getByRole('button', { name: `Reset password of ${username}` }).click();
  await expect(admin.page.getByTestId('confirm-reset')).toContainText(`Reset the password of ${username}?`);
  await admin.page.getByRole('button', { name: 'Reset password', exact: true }).click();
  const shown = admin.page.getByTestId('temporary-password');
  await expect(shown).toContainText(`Temporary password for ${username}:`);
  const temporary = (await shown.locator('code').textContent()) ?? '';
  expect(temporary).toMatch(/^[\w-]{20}$/);
  await expect(admin.page.getByRole('row', { name: new RegExp(username) })).toContainText(
    'Must choose a new password',
  );
  await expectAccessible(admin.page);
  await screenshots(admin.page, 'reset-admin');
  await admin.page.getByRole('button', { name: 'Done, hide it' }).click();
  await expect(shown).toHaveCount(0);

  // The old password no longer signs in; the temporary one opens only the change.
  const staff = await staffBrowser(browser, { username, password: temporary });
  const forced = staff.page;
  await expect(forced.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await expect(forced.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await forced.goto('/reports/feed-in');
  await expect(forced.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  const refused = await forced.request.get('/api/v3/feedin/?user_id=P1000', { headers: CSRF });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toMatch(/temporary/);
  await expectAccessible(forced);
  await screenshots(forced, 'forced-change');

  // The sign-in with the temporary password proved it: only the new one is asked for, twice (issue 42).
  await expect(forced.getByLabel('Temporary password')).toHaveCount(0);
  await expect(forced.getByLabel('Current password')).toHaveCount(0);
  // The live checks, then the server's common-password check.
  await forced.getByLabel('New password').fill('a'.repeat(12));
  await forced.getByLabel('Confirm the password').fill('a'.repeat(12));
  await forced.getByRole('button', { name: 'Change password' }).click();
  await expect(forced.getByText('Use more than one character, repeated: mix different ones.')).toBeVisible();
  await forced.getByLabel('New password').fill('qazwsxedcrfv');
  await forced.getByLabel('Confirm the password').fill('qazwsxedcrfv');
  await forced.getByRole('button', { name: 'Change password' }).click();
  await expect(forced.getByText(/This is one of the most common passwords/)).toBeVisible();
  await forced.getByLabel('New password').fill('lantern harbour seven');
  await forced.getByLabel('Confirm the password').fill('lantern harbour seven');
  await forced.getByRole('button', { name: 'Change password' }).click();
  // Unlocked: the console as usual, on the page asked for.
  await expect(forced.getByRole('heading', { level: 1 })).toHaveText('Feed-in report');
  await expect(forced.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await staff.context.close();

  const again = await staffBrowser(browser, { username, password: 'lantern harbour seven' });
  await again.context.close();
  await admin.context.close();
});

test('staff change their own password and end a session on a lost laptop', async ({ browser, page }) => {
  const username = unique('sami');
  await createStaff(page, username, 'first choice of mine');
  const user = { username, password: 'first choice of mine' };
  const laptop = await staffBrowser(browser, user);
  const desk = await staffBrowser(browser, user);

  // The top bar's name opens the account page.
  await desk.page.getByTestId('current-user').getByRole('link').click();
  await expect(desk.page).toHaveURL(/\/account$/);
  await expect(desk.page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(desk.page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Password',
    'Passkeys',
    'Sessions',
  ]);
  const rows = desk.page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);
  await expect(rows.first()).toContainText('Chrome on Linux');

  // The lost laptop: signed out from the desk, refused at its next call.
  await desk.page.getByRole('button', { name: /^Sign out \(/ }).click();
  await expect(rows).toHaveCount(1);
  await laptop.page.goto('/tools/validators');
  await expect(laptop.page).toHaveURL(/\/sign-in/);

  // "Sign out everywhere else".
  await signIn(laptop.page, user);
  await desk.page.reload();
  await expect(rows).toHaveCount(2);
  await desk.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(rows).toHaveCount(1);
  await laptop.page.reload();
  await expect(laptop.page).toHaveURL(/\/sign-in/);

  // Changing the password: the current one is checked, the new one must pass the policy.
  await desk.page.getByLabel('Current password', { exact: true }).fill('not my password');
  await desk.page.getByLabel('New password').fill(`${username}-is-me`);
  await desk.page.getByLabel('Confirm the password').fill(`${username}-is-me`);
  await desk.page.getByRole('button', { name: 'Change password' }).click();
  await expect(desk.page.getByText('Leave your username out of the password.')).toBeVisible();
  await desk.page.getByLabel('New password').fill('quiet orange bicycle');
  await desk.page.getByLabel('Confirm the password').fill('quiet orange bicycle');
  await desk.page.getByRole('button', { name: 'Change password' }).click();
  await expect(desk.page.getByText('This is not your current password.')).toBeVisible();
  await desk.page.getByLabel('Current password', { exact: true }).fill(user.password);
  await desk.page.getByRole('button', { name: 'Change password' }).click();
  await expect(desk.page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  await expect(desk.page.getByRole('heading', { level: 1 })).toHaveText('Your account');

  const refused = await laptop.page.request.post('/bff/login', { headers: CSRF, data: user });
  expect(refused.status()).toBe(401);
  await signIn(laptop.page, { username, password: 'quiet orange bicycle' });
  await laptop.context.close();
  await desk.context.close();
});

test.describe('the account page on a phone and a wide screen', () => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [390, 1440]) {
      test(`${language}, ${width} px: readable, accessible, no sideways scrolling`, async ({
        browser,
        page,
      }) => {
        const username = unique(`lea${language}${width}`);
        await createStaff(page, username, 'first choice of mine');
        const user = { username, password: 'first choice of mine' };
        const other = await staffBrowser(browser, user);
        const staff = await staffBrowser(browser, user, { language, width });
        await staff.page.goto('/account');
        await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText(
          language === 'de' ? 'Ihr Konto' : 'Your account',
        );
        await expect(staff.page.getByTestId('session-row')).toHaveCount(2);
        const { scrollWidth, innerWidth } = await staff.page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        await expectAccessible(staff.page);
        await screenshots(staff.page, `account-${width}-${language}`);
        await other.context.close();
        await staff.context.close();
      });
    }
  }
});
