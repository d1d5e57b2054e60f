import type { Page } from '@playwright/test';
import {
  OPERATOR,
  VIEWER,
  ensureStaff,
  expect,
  expectAccessible,
  signIn,
  test,
  screenshot,
} from './fixtures.ts';
import { expectNoSidewaysScroll } from './no-sideways-scroll.ts';

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
/** Ticks the confirmation a large or far booking asks for (its label in either language). */
const confirmPlausibility = (page: Page) => field(page, 'confirm_plausibility').check();

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await ensureStaff(page);
  await page.close();
});

test.describe('book charges and credits', () => {
  test.beforeEach(async ({ page }) => signIn(page, OPERATOR));

  test('a recurring credit: the cycle rule, its preview and the booked records', async ({ page }) => {
    await page.goto('/producers/charges?user=P1000&contract=C1000');
    await expect(page.getByRole('heading', { level: 1, name: 'Book charges and credits' })).toBeVisible();
    await expect(field(page, 'user_id')).toHaveValue('P1000');
    await expect(field(page, 'contract_id')).toHaveValue('C1000');
    await expect(field(page, 'input_id')).toHaveValue(/^charge-\d{8}-[a-z0-9]{4}$/);
    await page.getByLabel('Amount', { exact: true }).fill('12.50');
    await field(page, 'due_date').fill('2025-01-31');
    await field(page, 'no_of_executions').fill('3');
    await expect(page.getByText('3 executions need a cycle: choose monthly or yearly.')).toBeVisible();
    await expect(page.getByTestId('preview-missing')).toHaveText(
      'Choose a cycle: the amount is executed 3 times.',
    );
    await field(page, 'input_id').fill('e2e-bonus');
    await field(page, 'display_name').fill('Loyalty bonus');
    await field(page, 'category').fill('bonus');
    // Sending without a cycle is refused before anything is sent.
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page.locator('#field-execution_cycle-error')).toHaveText(
      'This field is required when no_of_executions is greater than 1.',
    );
    await field(page, 'execution_cycle').selectOption('month');
    const preview = page.getByTestId('schedule-preview');
    await expect(preview.locator('tbody tr')).toHaveCount(3);
    await expect(preview.locator('tbody tr').nth(1)).toContainText('Feb 28, 2025');
    await expect(preview.locator('tbody tr').nth(1)).toContainText('e2e-bonus__2');
    await expect(preview.locator('tbody tr').nth(2)).toContainText('Mar 31, 2025');
    // One sign convention, said once: a credit is negative in the invoice line, the rows and the totals.
    await expect(page.getByText('Credits are shown as negative amounts')).toHaveCount(1);
    await expect(preview.locator('tbody tr').nth(2)).toContainText('-€12.50');
    await expect(page.getByTestId('preview-totals')).toContainText('Gross-€37.50');
    await expect(page.getByTestId('invoice-line')).toHaveText('Loyalty bonus-€12.50');
    await expectAccessible(page);
    await screenshot(page, { path: 'test-results/screenshots/charges-preview.png', fullPage: true });
    // Its first due date lies more than a year back: booked only once confirmed.
    await confirmPlausibility(page);
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByRole('heading', { name: 'Credit booked' })).toBeVisible();
    const records = page.getByTestId('booked-records').locator('tbody tr');
    await expect(records).toHaveCount(3);
    await expect(records.nth(2)).toContainText('e2e-bonus__3');
    await expect(records.nth(2)).toContainText('Mar 31, 2025');
    await expect(records.nth(2)).toContainText('Credit');
    await expect(records.nth(2)).toContainText('-€12.50');
    await expect(records.nth(2)).toContainText('standard rate');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Book another' }).click();
    await expect(field(page, 'contract_id')).toHaveValue('C1000');
    await expect(field(page, 'amount_cent')).toHaveValue('');
    // The same input ID again is refused on its field; nothing typed is lost.
    await page.getByLabel('Amount', { exact: true }).fill('5');
    await field(page, 'due_date').fill('2025-04-01');
    await field(page, 'input_id').fill('e2e-bonus');
    await field(page, 'display_name').fill('Second try');
    await confirmPlausibility(page);
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page.locator('#field-input_id-error')).toHaveText(
      'A charge or credit with this input_id already exists for this contract.',
    );
    await expect(field(page, 'display_name')).toHaveValue('Second try');
    // The contract is offered again on the next visit.
    await page.goto('/producers/charges');
    await page.getByRole('button', { name: 'P1000 / C1000' }).click();
    await expect(field(page, 'contract_id')).toHaveValue('C1000');
  });

  test('a credit of a million euros goes for approval through the real BFF, and its requester withdraws it', async ({
    page,
  }) => {
    await page.goto('/producers/charges?user=P1000&contract=C1000');
    await page.getByLabel('Amount', { exact: true }).fill('1000000.00');
    const inTwoYears = new Date(Date.now() + 730 * 86_400_000).toISOString().slice(0, 10);
    await field(page, 'due_date').fill(inTwoYears);
    await field(page, 'input_id').fill(`e2e-million-${Date.now()}`);
    await field(page, 'display_name').fill('Typo bonus');
    // The page's own part (the notice, the confirmation a far date asks for, a changed date asking again, the
    // exact request) is tested in book-charges-page.test.tsx; here the request reaches the real BFF and is withdrawn.
    await expect(page.getByTestId('approval-notice')).toBeVisible();
    await confirmPlausibility(page);
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByRole('heading', { name: 'Sent for approval' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Credit booked' })).toHaveCount(0);
    // Nothing for anyone else to approve: the requester takes it back.
    await page.getByRole('link', { name: 'Open the request' }).click();
    await page.getByRole('button', { name: 'Withdraw the request' }).click();
    await expect(page.getByTestId('approval-status')).toHaveText('withdrawn');
  });

  test('an answer lost after booking: "check and retry safely" confirms it, nothing is booked twice', async ({
    page,
    consoleErrors,
  }) => {
    const inputId = `e2e-lost-${Date.now()}`;
    await page.goto('/producers/charges?user=P1000&contract=C1000');
    await page.getByLabel('Amount', { exact: true }).fill('25.50');
    await field(page, 'due_date').fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
    await field(page, 'input_id').fill(inputId);
    await field(page, 'display_name').fill('Lost answer');
    // The request goes through and is booked; its answer never reaches the browser.
    const charges = '**/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';
    let booked = 0;
    await page.route(charges, async (route) => {
      const answer = await route.fetch();
      if (answer.status() === 201) booked += 1;
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Book' }).click();
    const outcome = page.getByTestId('write-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'unknown');
    await expect(outcome).toContainText('It may have been saved');
    await expect(outcome).not.toContainText('Nothing was saved');
    expect(booked).toBe(1);
    await expectAccessible(page);
    await screenshot(page, { path: 'test-results/screenshots/charges-unknown-outcome.png', fullPage: true });
    await page.unroute(charges);
    await page.getByRole('button', { name: 'Check and retry safely' }).click();
    await expect(outcome).toHaveAttribute('data-outcome', 'confirmed');
    await expect(outcome).toContainText('Nothing was saved twice');
    await expect(outcome).toContainText('already exists');
    // The aborted request is the browser's one expected console line.
    const aborted = consoleErrors.filter((line) => /ERR_CONNECTION_RESET|Failed to fetch/.test(line));
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !aborted.includes(line)));
  });

  test('a German browser types amounts the German way', async ({ browser }) => {
    // A German browser gets the German console (e2e/german.spec.ts covers its words).
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, OPERATOR);
    await page.goto('/producers/charges?user=P2000&contract=C2000');
    const amount = page.getByLabel('Betrag', { exact: true });
    await amount.fill('12.50');
    await field(page, 'due_date').fill('2025-07-01');
    await field(page, 'display_name').fill('Gutschrift');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await expect(page.locator('#field-amount_cent-error')).toHaveText(
      '„12.50“ ist hier mehrdeutig: Verwenden Sie „,“ für die Nachkommastellen, z. B. 1.234,50.',
    );
    await amount.fill('1.234,56');
    await expect(page.getByTestId('preview-totals')).toContainText('-1.234,56');
    // Booked below the approval threshold (1.000,00 €), so it is booked here and now.
    await amount.fill('123,45');
    await expect(page.getByTestId('preview-totals')).toContainText('-123,45');
    await confirmPlausibility(page);
    await page.getByRole('button', { name: 'Buchen' }).click();
    await expect(page.getByTestId('booked-records')).toContainText('-123,45');
    await expect(page.getByTestId('booked-records')).toContainText('Gutschrift');
    await expect(page.getByTestId('booked-records')).toContainText('Regelsatz');
    await context.close();
  });
});

const SHOTS = 'test-results/screenshots';

/** Light and dark, full page: `charges-<what>-<width>-<language>-<scheme>.png`. */
async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, { path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('the charges page on a phone and a wide screen', () => {
  for (const language of ['en', 'de'] as const) {
    test(`at 390 px the preview and the booked records scroll in their own regions, the totals in view (${language})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        locale: language === 'de' ? 'de-DE' : 'en-US',
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await signIn(page, OPERATOR);
      await page.goto('/producers/charges?user=P1000&contract=C1000');
      await page.locator('h1').waitFor();
      await expectNoSidewaysScroll(page);
      await field(page, 'amount_cent').fill('12,3,4');
      await expect(page.getByTestId('preview-missing')).toHaveText(
        language === 'de'
          ? 'Verwenden Sie „,“ nur einmal, für die Nachkommastellen, z. B. 1.234,50.'
          : '"12,3,4" is ambiguous here: use "." for the decimals, e.g. 1,234.50.',
      );
      await field(page, 'amount_cent').fill(language === 'de' ? '1.234,50' : '1,234.50');
      await field(page, 'due_date').fill('2025-07-31');
      await field(page, 'no_of_executions').fill('12');
      await field(page, 'execution_cycle').selectOption('month');
      await field(page, 'input_id').fill(`e2e-narrow-${language}-${Date.now()}`);
      await field(page, 'display_name').fill(language === 'de' ? 'Treuebonus' : 'Loyalty bonus');
      await expect(page.getByTestId('schedule-preview').locator('tbody tr')).toHaveCount(12);
      await expectNoSidewaysScroll(page);
      // The totals (net, VAT, gross) are on screen, not behind the table's sideways scroll.
      const totals = page.getByTestId('preview-totals');
      await totals.scrollIntoViewIfNeeded();
      const box = await totals.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      await expect(totals).toContainText(language === 'de' ? '-14.814,00' : '-€14,814.00');
      await expectAccessible(page);
      await screenshots(page, `charges-preview-390-${language}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshots(page, `charges-preview-1440-${language}`);
      await page.setViewportSize({ width: 390, height: 844 });

      // 14,814.00 € would go for approval: 12 × 8.12 € stays below the threshold, with the contract's other
      // bookings of the run (sent without approval in BFF_APPROVAL_WINDOW_H) too, and is booked.
      await expect(page.getByTestId('approval-notice')).toBeVisible();
      await field(page, 'amount_cent').fill(language === 'de' ? '8,12' : '8.12');
      await expect(page.getByTestId('approval-notice')).toHaveCount(0);
      await confirmPlausibility(page);
      await page.getByRole('button', { name: language === 'de' ? 'Buchen' : 'Book' }).click();
      await expect(page.getByTestId('booked-records').locator('tbody tr')).toHaveCount(12);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await screenshots(page, `charges-result-390-${language}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshots(page, `charges-result-1440-${language}`);
      await context.close();
    });
  }

  test('600 executions: the totals cover all, the table shows the rows in view and scrolls to the last', async ({
    page,
  }) => {
    await signIn(page, OPERATOR);
    await page.goto('/producers/charges?user=P1000&contract=C1000');
    await field(page, 'due_date').fill('2026-01-31');
    await field(page, 'no_of_executions').fill('600');
    await field(page, 'execution_cycle').selectOption('month');
    await field(page, 'amount_cent').fill('10');
    await expect(page.getByTestId('preview-totals')).toContainText('Total of 600 executions');
    await expect(page.getByTestId('preview-totals')).toContainText('Gross-€6,000.00');
    const table = page.getByTestId('schedule-preview');
    await expect(table).toHaveAttribute('aria-rowcount', '601');
    expect(await table.locator('tbody tr').count()).toBeLessThan(100);
    const region = page.getByRole('region', { name: 'Schedule', exact: true });
    await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(table.locator('tbody tr').filter({ hasText: 'Dec 31, 2075' })).toContainText('-€10.00');
    await expectAccessible(page);
  });
});

test.describe('register a technical resource', () => {
  test('a bad TR-ID is refused before sending; a good one is registered', async ({ page }) => {
    await signIn(page, OPERATOR);
    await page.goto('/master-data/technical-resources');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Register a technical resource' }),
    ).toBeVisible();
    const posts: string[] = [];
    // Writes to the platform only: the console's own duplicate check before sending is a POST to /bff.
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'))
        posts.push(request.url());
    });
    await field(page, 'contract_id').fill('C1000');
    await field(page, 'control_resource').fill('C1137355923');
    await field(page, 'technical_resource_id').fill('D1137355923');
    await field(page, 'market_location_feed').fill('51238696781');
    await expect(page.locator('#field-market_location_feed-status')).toHaveText('✓ Valid');
    await field(page, 'market_location_supply').fill('41373559240');
    await expect(page.locator('#field-market_location_supply-status')).toHaveText(
      '✗ check digit validation failed',
    );
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#field-technical_resource_id-error')).toHaveText(
      "The technical resource ID's check digit is wrong.",
    );
    await expect(page.getByRole('region', { name: 'There is a problem' })).toBeFocused();
    expect(posts).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, {
      path: 'test-results/screenshots/technical-resource-errors.png',
      fullPage: true,
    });
    await field(page, 'technical_resource_id').fill('D1137355922');
    await field(page, 'market_location_supply').fill('41373559241');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Technical resource registered' })).toBeVisible();
    await expect(page.getByTestId('accounting-model')).toHaveText(
      'Z01 – planned-value model (Planwertmodell)',
    );
    expect(posts).toHaveLength(1);
    await expectAccessible(page);
  });
});

test('viewers see why they cannot book or register', async ({ page }) => {
  await signIn(page, VIEWER);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Book charges and credits' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Register a technical resource' })).toHaveCount(0);
  for (const [path, sentence] of [
    ['/producers/charges', 'Booking charges and credits needs the operator or admin role.'],
    ['/master-data/technical-resources', 'Registering technical resources needs the operator or admin role.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.locator('form')).toHaveCount(0);
    await expectAccessible(page);
  }
});
