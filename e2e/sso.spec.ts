import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, screenshot } from './fixtures.ts';

const SHOTS = 'test-results/screenshots';
const REPORT =
  '/reports/feed-in?user=P1000&contract=C1000&from=2025-06-10&to=2025-06-12&agg=day&tz=Europe/Berlin';

test.describe('sign-in with the company identity provider (SSO)', () => {
  test.beforeEach(async ({ page }) => {
    // The provider's development pages ask Google for a font: no internet here, and no console error wanted.
    await page.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
  });

  /** At the provider's sign-in page: any password, the login names the test staff member. */
  async function signInAtProvider(page: Page, login: string) {
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  test('signs staff in at the provider and opens the page they wanted, with their name and role', async ({
    page,
  }) => {
    await page.goto(REPORT);
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    const sso = page.getByRole('link', { name: 'Sign in with SSO' });
    await expect(sso).toBeVisible();
    await expect(page.getByText('or with a local account')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/sign-in-sso-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expectAccessible(page);

    await sso.click();
    await signInAtProvider(page, 'ada');
    // Back through the callback and the same-origin handover, at the report, signed in.
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname + url.search) === REPORT);
    await expect(page.getByTestId('current-user')).toHaveText('Ada Lovelace (operator)');
    await expect(page.getByRole('heading', { name: 'Feed-in report' })).toBeVisible();
    // The console's cookies: the session, and the sign-in transaction is spent. (The provider's own
    // cookies share the host 127.0.0.1 here.)
    const consoleCookies = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('ec_'));
    expect(consoleCookies.map((cookie) => [cookie.name, cookie.sameSite, cookie.httpOnly])).toEqual([
      ['ec_session', 'Strict', true],
    ]);
  });

  test('says clearly when the provider gives no console role, and starts no session', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, 'norbert');
    await expect(page).toHaveURL(/\/sign-in\?sso=no-role/);
    await expect(page.getByRole('alert')).toContainText('has no role for energy-console');
    await expect(page.getByRole('alert')).toBeFocused();
    await screenshot(page, { path: `${SHOTS}/sign-in-sso-no-role-narrow.png`, fullPage: true });
    await expectAccessible(page);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'ec_session')).toBe(false);
    const me = await page.request.get('/bff/user', { headers: { 'x-csrf': '1' } });
    expect(me.status()).toBe(401);
  });

  test('signing out ends the provider session too (RP-initiated logout)', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, 'grace');
    await expect(page.getByTestId('current-user')).toHaveText('Grace Hopper (admin)');

    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider asks to confirm, then sends the browser back to the console's sign-in page.
    await page.getByRole('button', { name: /Yes, sign me out/ }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    const me = await page.request.get('/bff/user', { headers: { 'x-csrf': '1' } });
    expect(me.status()).toBe(401);
    // The provider forgot Grace: SSO asks who it is again.
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });
});
