import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
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

/**
 * Signs in through the sign-in page, in the language the browser's locale gives the console. The specs that test
 * signing in use it; every other test signs in with `signIn`.
 */
export async function signInThroughForm(
  page: Page,
  user: { username: string; password: string },
  language: keyof typeof SIGN_IN_WORDS = 'en',
) {
  const words = SIGN_IN_WORDS[language];
  await gotoPastSignOut(page, '/sign-in');
  await page.getByLabel(words.username).fill(user.username);
  await page.getByLabel(words.password).fill(user.password);
  await page.getByRole('button', { name: words.submit, exact: true }).click();
  await expect(page.getByTestId('current-user')).toContainText(user.username);
}

/**
 * Signs in as the console's sign-in page does (`POST /bff/login` from the page's context, so the browser holds
 * the session cookie) and opens the start page. Each test keeps a session of its own — some sign out, change
 * passwords or end sessions — but skips typing into the form, which took 1.25 s of each of 70 sign-ins.
 */
export async function signIn(page: Page, user: { username: string; password: string }) {
  const answer = await page.request.post('/bff/login', {
    headers: { 'x-csrf': '1' },
    data: { username: user.username, password: user.password },
  });
  expect(answer.status(), `signing in as ${user.username}`).toBe(200);
  await gotoPastSignOut(page, '/');
  await expect(page.getByTestId('current-user')).toContainText(user.username);
}

/** Signing out ends with a full page load of /sign-in; a goto racing it is aborted by the browser. */
async function gotoPastSignOut(page: Page, path: string) {
  await page.goto(path).catch(async (error: Error) => {
    if (!error.message.includes('ERR_ABORTED')) throw error;
    await page.goto(path);
  });
}

export async function expectAccessible(page: Page) {
  // Only violations are collected: the details of every passing check (the default) took about half of each scan.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
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

/**
 * A screenshot for people to look at, taken only when asked (`E2E_SCREENSHOTS=1`): nothing compares them, and
 * full-page shots of every page in both schemes cost minutes of every run.
 */
export async function screenshot<Target extends Page | Locator>(
  target: Target,
  options: Parameters<Target['screenshot']>[0],
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '1') await target.screenshot(options);
}
