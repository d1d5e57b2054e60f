import type { Page } from '@playwright/test';
import { ADMIN, expect, screenshot, signIn, test } from './fixtures.ts';

/** The state as staff see it: 390 and 1440 px wide, light and dark (E2E_SCREENSHOTS=1). */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `test-results/screenshots/${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The aborted chunk's own console lines are expected: they are taken out (and must be there); any other fails. */
function takeChunkFailures(consoleErrors: string[], chunk: RegExp): void {
  const failures = consoleErrors.filter(
    (line) => /net::ERR_FAILED|dynamically imported module/.test(line) || chunk.test(line),
  );
  expect(failures.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !failures.includes(line)));
}

/*
 * A tab left open across a release asks for chunks that are gone (docs/decisions/0049: the shell loads the code of
 * its answers and the pages' code on demand). What staff see then, with the chunk's request aborted.
 */

test('a page whose code cannot load says so in the UI language with a way to reload', async ({
  page,
  consoleErrors,
}) => {
  await page.route(/\/assets\/validators-route-page-[^/]+\.js$/, (route) => route.abort());
  await signIn(page, ADMIN);
  const error = page.getByTestId('route-error');
  await expect(error.getByRole('heading')).toHaveText('This page could not be shown');
  await expect(error).toHaveRole('alert');
  await screenshots(page, 'route-error-en');
  await page.unroute(/\/assets\/validators-route-page-[^/]+\.js$/);
  await error.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Check IBAN, market location and delivery start',
  );
  takeChunkFailures(consoleErrors, /validators-route-page/);
});

test('signing out works when the code that reads its answer cannot load', async ({ page, consoleErrors }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Check IBAN, market location and delivery start',
  );
  await page.route(/\/assets\/sign-out-answer-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/tools/validators');
  await expect(page).toHaveURL(/\/sign-in/);
  takeChunkFailures(consoleErrors, /sign-out-answer/);
});

test('the share panel says when its form cannot load, and the report stays', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, ADMIN);
  await page.route(/\/assets\/share-report-body-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/reports/feed-in?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=UTC');
  await page.getByRole('button', { name: 'Share outside the console' }).click();
  await expect(page.getByRole('alert')).toContainText('The sharing form could not be loaded.');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Periods of the report' })).toBeVisible();
  takeChunkFailures(consoleErrors, /share-report-body/);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('a page whose code cannot load says so in German', async ({ page, consoleErrors }) => {
    await page.route(/\/assets\/validators-route-page-[^/]+\.js$/, (route) => route.abort());
    await signIn(page, ADMIN);
    const error = page.getByTestId('route-error');
    await expect(error.getByRole('heading')).toHaveText('Diese Seite konnte nicht angezeigt werden');
    await expect(error.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
    await screenshots(page, 'route-error-de');
    takeChunkFailures(consoleErrors, /validators-route-page/);
  });
});
