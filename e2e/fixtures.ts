import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from './console-stack.ts';

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };
export const OPERATOR = { username: 'olga', password: 'ledger of quiet harbours' };
export const VIEWER = { username: 'victor', password: 'reading lamp by the window' };

/** Fails a test on any console error, except the browser's own line for an HTTP 4xx answer
 * (validation failures and 401s are answers the page handles), and on any Content-Security-Policy
 * violation: Chromium lists those in DevTools' Issues panel, not the console, so each page reports them
 * there itself (issue 30; a violation by the page's own code, such as a caught eval probe, is otherwise
 * silent). Pages of the test's own `page`; a worker's violations are not seen. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (violation) =>
          console.error(
            `Content-Security-Policy violation: ${violation.effectiveDirective} blocked ${violation.blockedURI || 'inline'} in ${violation.sourceFile}:${violation.lineNumber}:${violation.columnNumber}`,
          ),
        ),
      );
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
          return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

const SIGN_IN_WORDS = {
  en: { username: 'Username', password: 'Password', submit: 'Sign in' },
  de: { username: 'Benutzername', password: 'Passwort', submit: 'Anmelden' },
};

/** Signs in through the sign-in page, in the language the browser's locale gives the console. */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  language: keyof typeof SIGN_IN_WORDS = 'en',
) {
  const words = SIGN_IN_WORDS[language];
  // Signing out ends with a full page load of /sign-in; a goto racing it is aborted by the browser.
  await page.goto('/sign-in').catch(async (error: Error) => {
    if (!error.message.includes('ERR_ABORTED')) throw error;
    await page.goto('/sign-in');
  });
  await page.getByLabel(words.username).fill(user.username);
  await page.getByLabel(words.password).fill(user.password);
  await page.getByRole('button', { name: words.submit, exact: true }).click();
  await expect(page.getByTestId('current-user')).toContainText(user.username);
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  // Each violation with the elements it was found on, so a failure in CI says where to look.
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.html.slice(0, 200)).join(' | ')}`,
    ),
  ).toEqual([]);
}

/** Creates staff accounts through the BFF as admin (idempotent across tests). */
export async function ensureStaff(page: Page) {
  await signIn(page, ADMIN);
  for (const [user, role] of [
    [OPERATOR, 'operator'],
    [VIEWER, 'viewer'],
  ] as const) {
    const response = await page.request.post('/bff/users', {
      headers: { 'x-csrf': '1' },
      data: { ...user, role },
    });
    // Created now, or by an earlier test of this run — any other refusal (a password the policy refuses,
    // a schema change) must fail here rather than as a sign-in failure later.
    if (response.status() !== 201)
      expect({ status: response.status(), body: await response.json() }).toEqual({
        status: 400,
        body: { username: ['An account with this username exists.'] },
      });
  }
  await page.context().clearCookies();
}
