import type { Browser, Page } from '@playwright/test';
import { approvalSchema } from '../src/contract/approvals.ts';
import { bdewCheckDigit } from '../src/contract/market-location.ts';
import { consumerRecordsSchema, contractRecordsSchema } from '../src/contract/records.ts';
import { exampleConsumer } from '../src/contract/testing/examples.ts';
import { expectNoEnglishWords } from './english-leftovers.ts';
import {
  ADMIN,
  OPERATOR,
  VIEWER,
  ensureStaff,
  expect,
  expectAccessible,
  signIn,
  test,
  screenshot,
} from './fixtures.ts';

/*
 * The console's record pages (issue 29): a contract's bookings with their totals and "Reverse", a
 * consumer as migrated (bank data masked for viewers), any record, each axe-clean in both languages, narrow
 * (light) and wide (dark), and photographed when asked. The suite shares one server: IDs are unique per run
 * and no table is assumed empty.
 */

const SHOTS = 'test-results/screenshots/records';
const CSRF = { 'x-csrf': '1' };
const CONTRACT = '/producers/P1000/contracts/C1000';
const LANGUAGES = [
  { language: 'en', locale: 'en-US' },
  { language: 'de', locale: 'de-DE' },
] as const;
/**
 * The two layouts, each scanned by axe in one colour scheme (as every-page.spec.ts does): the phone light, the
 * desktop dark, so both layouts and both schemes are judged with half the scans. Both schemes photographed when
 * screenshots are asked for.
 */
const LAYOUTS = [
  { viewport: { width: 390, height: 844 }, scanned: 'light' },
  { viewport: { width: 1440, height: 900 }, scanned: 'dark' },
] as const;

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const euros = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const germanEuros = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** A day as the English console shows it (`Dec 6, 2026`), not as the API writes it. */
const englishDay = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
/** A day as German staff read it: `06.12.2026`. */
const germanDay = (isoDay: string) => isoDay.split('-').reverse().join('.');
/** The second person of the four eyes: an operator of this spec's own. */
const APPROVER = { username: 'rita', password: 'two keys to one vault' };

/** The contract's records as the BFF answers them to the signed-in page. */
async function contractRecords(page: Page) {
  const response = await page.request.get('/bff/records/contracts/P1000/C1000', { headers: CSRF });
  expect(response.status()).toBe(200);
  return contractRecordsSchema.parse(await response.json());
}

/** The gross of a year's credits in the BFF's totals (all VAT rates), in cents. */
function creditGross(records: Awaited<ReturnType<typeof contractRecords>>, year: number): number {
  return records.totals
    .filter((total) => total.year === year && total.type === 'credit')
    .reduce((sum, total) => sum + total.grossCent, 0);
}

/** A credit booked through the charges form, below the confirmation and approval thresholds. */
async function bookCredit(page: Page, inputId: string, amount: string, due: string) {
  await page.goto('/producers/charges?user=P1000&contract=C1000');
  await page.getByLabel('Credit (to the customer)').check();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await field(page, 'due_date').fill(due);
  await field(page, 'input_id').fill(inputId);
  await field(page, 'display_name').fill('Kulanz');
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Credit booked' })).toBeVisible();
  // The message leads to the contract's page, where the booking is listed with the others.
  await expect(page.getByRole('link', { name: 'All bookings of contract C1000' })).toHaveAttribute(
    'href',
    CONTRACT,
  );
}

/** Console errors of a page opened outside the test's own `page` fixture. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A page in both languages, at 390 and 1440 px, light and dark: its heading shown, nothing loading,
 * axe-clean, photographed; German without English words where the page holds no English data.
 */
async function photograph(
  browser: Browser,
  user: { username: string; password: string },
  path: string,
  name: string,
  { germanWordsOnly = true } = {},
) {
  for (const { language, locale } of LANGUAGES) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signIn(page, user);
    for (const { viewport, scanned } of LAYOUTS) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (language === 'de' && germanWordsOnly) await expectNoEnglishWords(page);
      await page.emulateMedia({ colorScheme: scanned });
      await expectAccessible(page);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await screenshot(page, {
          path: `${SHOTS}/${name}-${language}-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    expect(errors, `console errors on ${path} (${language})`).toEqual([]);
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await ensureStaff(page);
  await page.close();
});

test('a contract page: three credits booked through the form, their totals, one reversed from the page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, OPERATOR);
  const stamp = Date.now();
  const due = inAWeek();
  const year = Number(due.slice(0, 4));
  const before = creditGross(await contractRecords(page), year);

  const credits = [
    { inputId: `e2e-records-${stamp}-1`, amount: '1.00' },
    { inputId: `e2e-records-${stamp}-2`, amount: '2.00' },
    { inputId: `e2e-records-${stamp}-3`, amount: '3.00' },
  ];
  for (const credit of credits) await bookCredit(page, credit.inputId, credit.amount, due);

  const after = await contractRecords(page);
  // The three credits and nothing else this test did: 6.00 € more credited in their year.
  expect(creditGross(after, year) - before).toBe(600);
  const recordOf = (inputId: string) => {
    const booking = after.bookings.find((candidate) => candidate.input_id === inputId);
    expect(booking, inputId).toBeDefined();
    return booking!;
  };

  await page.goto(CONTRACT);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Contract C1000 of P1000');
  for (const credit of credits) {
    const card = page.locator(`#booking-${recordOf(credit.inputId).id}`);
    await expect(card).toContainText(credit.inputId);
    await expect(card).toContainText('Booked');
    await expect(card).toContainText(`-€${credit.amount} gross`);
    await expect(card.getByTestId('schedule-preview').locator('tbody tr')).toHaveCount(1);
    await expect(card.getByTestId('schedule-preview')).toContainText(englishDay(due));
    await expect(card.getByRole('button', { name: 'Reverse' })).toBeVisible();
  }
  // The year's credits in the totals table: what the BFF sums over every accepted booking.
  const yearTotals = page.getByTestId('booking-totals').locator('.year-totals', { hasText: String(year) });
  await expect(yearTotals.locator('tbody tr', { hasText: 'Credit' }).first()).toContainText(
    euros(-creditGross(after, year)),
  );
  await expectAccessible(page);

  // Reverse the second: the charges form, filled with its reversal, the notice naming the original.
  const second = recordOf(credits[1]!.inputId);
  await page.locator(`#booking-${second.id}`).getByRole('button', { name: 'Reverse' }).click();
  await expect(page).toHaveURL(new RegExp(`/producers/charges\\?reverse=${second.id}$`));
  await expect(page.getByTestId('reversal-notice')).toContainText(
    `Reversal of ${credits[1]!.inputId} booked on`,
  );
  await expect(page.getByTestId('reversal-notice')).toContainText('as it was sent; check and send.');
  await expect(page.getByLabel('Charge (to the customer)')).toBeChecked();
  await expect(field(page, 'input_id')).toHaveValue(`${credits[1]!.inputId}-reversal`);
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('2.00');
  await expect(field(page, 'due_date')).toHaveValue(due);
  await expect(field(page, 'user_id')).toHaveValue('P1000');
  await expect(field(page, 'contract_id')).toHaveValue('C1000');
  await expect(field(page, 'explanation_text')).toHaveValue(
    new RegExp(`^Reversal of ${credits[1]!.inputId}`),
  );
  await expectAccessible(page);
  await screenshot(page, { path: `${SHOTS}/reversal-form-en-1440-light.png`, fullPage: true });
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Charge booked' })).toBeVisible();

  // Back on the contract: the original says it is reversed and offers no second reversal.
  await page.getByRole('link', { name: 'Back to the bookings of P1000/C1000' }).click();
  const original = page.locator(`#booking-${second.id}`);
  await expect(original).toBeFocused();
  await expect(original).toContainText('Reversed by');
  await expect(original).toContainText(`${credits[1]!.inputId}-reversal`);
  await expect(original.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  const reversal = page.getByTestId('booking').filter({ hasText: `Reverses ${credits[1]!.inputId}` });
  await expect(reversal).toContainText('Charge');
  await expect(reversal.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  await expect(
    page.locator(`#booking-${recordOf(credits[0]!.inputId).id}`).getByRole('button', { name: 'Reverse' }),
  ).toBeVisible();

  // A booking's own record page.
  await page.goto(`/records/${second.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Booking ${credits[1]!.inputId} on P1000/C1000`,
  );
  await expect(page.getByTestId('booked-records')).toContainText(`${credits[1]!.inputId}__1`);

  // The contract's data holds other tests' English display names and the platform's English messages.
  await photograph(browser, OPERATOR, `${CONTRACT}#booking-${second.id}`, 'contract', {
    germanWordsOnly: false,
  });
  await photograph(browser, OPERATOR, `/records/${second.id}`, 'record-booking', { germanWordsOnly: false });
});

test("an approved credit's card names who asked and who approved; the approval links to the contract; the year's net total in German", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ locale: 'en-US' });
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN);
  const created = await adminPage.request.post('/bff/users', {
    headers: CSRF,
    data: { ...APPROVER, role: 'operator' },
  });
  expect([201, 400]).toContain(created.status());
  await admin.close();

  // olga asks for a credit of 1,500.00 €; rita approves it (both through the pages' own API calls).
  const inputId = `e2e-approved-${Date.now()}`;
  const due = inAWeek();
  const requester = await browser.newContext({ locale: 'en-US' });
  const requesterPage = await requester.newPage();
  await signIn(requesterPage, OPERATOR);
  const asked = await requesterPage.request.post('/bff/approvals', {
    headers: CSRF,
    data: {
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      body: {
        input_id: inputId,
        type_of_transaction: 'credit',
        amount_cent: 150_000,
        is_gross: true,
        vat_type: 'normal',
        due_date: due,
        display_name: 'Kulanz',
      },
    },
  });
  expect(asked.status()).toBe(201);
  const { id } = approvalSchema.parse(await asked.json());
  await requester.close();

  const approver = await browser.newContext({ locale: 'de-DE' });
  const page = await approver.newPage();
  await signIn(page, APPROVER);
  const approved = await page.request.post(`/bff/approvals/${id}/approve`, {
    headers: CSRF,
    data: { password: APPROVER.password },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The approved request leads to the contract's page.
  await page.goto(`/approvals/${id}`);
  await page.getByRole('link', { name: 'Alle Buchungen des Vertrags C1000' }).click();
  await expect(page).toHaveURL(new RegExp(`${CONTRACT}$`));

  const records = await contractRecords(page);
  const booking = records.bookings.find((candidate) => candidate.input_id === inputId);
  expect(booking?.approval).toMatchObject({
    requested_by: OPERATOR.username,
    approved_by: APPROVER.username,
  });
  const card = page.locator(`#booking-${booking!.id}`);
  const meta = card.getByTestId('booking-meta');
  await expect(meta).toContainText('Angefragt am');
  await expect(meta).toContainText(`von ${OPERATOR.username}`);
  await expect(meta).toContainText(/freigegeben am \d\d\.\d\d\.\d{4}, [\d:]+ \S+ von Ihnen/);
  // German days and money, never the ISO day or "1500.00 EUR".
  await expect(card).toContainText(`${germanEuros(-150_000)} brutto`);
  await expect(card).toContainText(`einmalig, fällig am ${germanDay(due)}`);
  await expectAccessible(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(card, { path: `${SHOTS}/booking-approved-de-${width}.png` });
  }

  // The year's net total: its charges minus its credits, as the BFF's totals have them.
  const year = Number(due.slice(0, 4));
  const net = records.totals
    .filter((total) => total.year === year)
    .reduce((sum, total) => sum + (total.type === 'credit' ? -total.netCent : total.netCent), 0);
  const balance = page
    .getByTestId('booking-totals')
    .locator('.year-totals', { hasText: String(year) })
    .getByTestId('year-balance');
  await expect(balance).toContainText(
    `Netto-Summe ${year} (Belastungen minus Gutschriften, nach Fälligkeitsdatum):`,
  );
  await expect(balance).toContainText(`${germanEuros(net)} netto`);

  // The palette words the booking in German too.
  await page.keyboard.press('Control+K');
  await page.locator('dialog.palette [cmdk-input]').fill(inputId);
  await expect(page.getByRole('option').filter({ hasText: inputId })).toContainText(
    `Gutschrift · ${germanEuros(150_000)} · P1000 · C1000`,
  );
  await approver.close();
});

test("a consumer's page: the migration in the form's sections; a viewer sees the IBAN masked", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const userId = `K-E2E-${Date.now()}`;
  await signIn(page, OPERATOR);
  const migrated = await page.request.post(`/api/v3/migrations/consumers/${encodeURIComponent(userId)}/`, {
    headers: CSRF,
    data: { ...exampleConsumer, first_name: 'Jörg', last_name: 'Maskiert', email: 'joerg@example.org' },
  });
  expect(migrated.status()).toBe(201);

  // The operator: the name as the title, the sections in words, the IBAN in full, the ways on.
  await page.goto(`/consumers/${userId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jörg Maskiert');
  await expect(page.getByTestId('consumer-user-id')).toHaveText(userId);
  await expect(page.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  await expect(page.getByText('Hauptstraße')).toBeVisible();
  await expect(page.getByTestId('platform-answer')).toContainText(
    'The platform created the consumer (HTTP 201).',
  );
  await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  await expect(page.getByTestId('bank-data-masked')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit entries' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Migrate another consumer at this address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Migrate a consumer' })).toBeVisible();
  await expect(field(page, 'deliv_address_street')).toHaveValue('Hauptstraße');
  await expect(field(page, 'deliv_address_house_number')).toHaveValue('1a');
  await expect(field(page, 'deliv_address_zipcode')).toHaveValue('10115');
  await expect(field(page, 'deliv_address_city')).toHaveValue('Berlin');
  await expect(field(page, 'first_name')).toHaveValue('');

  // Migrated again under the same user ID with a bad email: refused, nothing changed at the platform — the page
  // still leads with what it holds (issue 42), the refused attempt is history below, with its outcome.
  const refused = await page.request.post(`/api/v3/migrations/consumers/${encodeURIComponent(userId)}/`, {
    headers: CSRF,
    data: { ...exampleConsumer, first_name: 'Jörg', last_name: 'Maskiert', email: 'not-an-email' },
  });
  expect(refused.status()).toBe(400);
  await page.goto(`/consumers/${userId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'What the platform holds' })).toBeVisible();
  await expect(page.getByTestId('platform-answer')).toContainText(
    'The platform created the consumer (HTTP 201).',
  );
  await expect(page.getByText('joerg@example.org')).toBeVisible();
  await expect(page.getByTestId('no-corrections')).toContainText('The console cannot correct a consumer');
  await expect(page.getByTestId('earlier-migrations').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('earlier-migrations')).toContainText('Refused: nothing was stored');
  await expectAccessible(page);

  // The viewer: the same consumer, bank data masked and said so beside the payment section.
  const viewer = await browser.newContext({ locale: 'en-US' });
  const viewerPage = await viewer.newPage();
  const errors = collectErrors(viewerPage);
  await signIn(viewerPage, VIEWER);
  await viewerPage.goto(`/consumers/${userId}`);
  await expect(viewerPage.getByRole('heading', { level: 1 })).toHaveText('Jörg Maskiert');
  const payment = viewerPage.locator('section[data-section="payment"]');
  await expect(payment).toContainText('DE89 •••• 3000');
  await expect(payment.getByTestId('bank-data-masked')).toHaveText('Bank data is masked for your role.');
  await expect(viewerPage.getByText('0532')).toHaveCount(0);
  await expect(
    viewerPage.getByRole('link', { name: 'Migrate another consumer at this address' }),
  ).toHaveCount(0);
  await expectAccessible(viewerPage);
  // A viewer reads a contract's bookings, but neither books nor reverses.
  await viewerPage.goto(CONTRACT);
  await expect(viewerPage.getByTestId('booking').first()).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: 'Book a charge or credit' })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: 'Feed-in report' }).first()).toBeVisible();
  expect(errors).toEqual([]);
  await viewer.close();

  // The accepted migration's own record page.
  const records = await page.request.get(`/bff/records/consumers/${encodeURIComponent(userId)}`, {
    headers: CSRF,
  });
  const accepted = consumerRecordsSchema
    .parse(await records.json())
    .records.find((record) => record.outcome === 'created');
  expect(accepted).toBeDefined();

  // The consumer's page shows the platform's refusal as it was sent, in English (its meaning beside it).
  await photograph(browser, VIEWER, `/consumers/${userId}`, 'consumer-viewer', { germanWordsOnly: false });
  await photograph(browser, OPERATOR, `/records/${accepted!.id}`, 'record-migration');
});

/** A TR-ID of this run: D, nine digits of the moment, and its check digit (the letter counts as its code). */
function technicalResourceId(): string {
  const body = `D${String(Date.now()).slice(-9)}`;
  const values = [...body].map((char) => (/\d/.test(char) ? Number(char) : char.charCodeAt(0)));
  return `${body}${bdewCheckDigit(values)}`;
}

test("a technical resource registered for a contract: in the contract's table, and its record in words", async ({
  page,
}) => {
  await signIn(page, OPERATOR);
  const trId = technicalResourceId();
  const registered = await page.request.post('/api/v3/master_data/changes/redispatch/technical_resources/', {
    headers: CSRF,
    data: {
      contract_id: 'C1000',
      control_resource: 'C1137355923',
      technical_resource_id: trId,
      market_location_feed: '51238696781',
      market_location_supply: '41373559241',
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto(CONTRACT);
  const row = page.getByTestId('technical-resources').locator('tbody tr', { hasText: trId });
  await expect(row).toContainText('C1137355923');
  await expect(row).toContainText('Registered');
  await row.getByRole('link', { name: trId }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Technical resource ${trId}`);
  await expect(page.getByText('Market location for feed-in').first()).toBeVisible();
  await expect(page.getByTestId('platform-answer')).toContainText('The platform registered it (HTTP 201).');
  await expectAccessible(page);
});

test('unknown things are said plainly: a consumer never migrated, a record that does not exist, a reversal of nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, OPERATOR);
  const userId = `K-NEVER-${Date.now()}`;
  await page.goto(`/consumers/${userId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(userId);
  await expect(page.getByTestId('records-empty')).toContainText(
    `The console has not migrated a consumer with user ID ${userId}.`,
  );
  await page.getByTestId('records-empty').getByRole('link', { name: 'Migrate a consumer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Migrate a consumer' })).toBeVisible();

  await page.goto('/producers/P1000/contracts/C%201000');
  await expect(page.getByTestId('unreadable-id')).toBeVisible();

  await page.goto('/records/999999999999');
  await expect(page.getByTestId('record-not-found')).toContainText(
    'The console keeps no record 999999999999.',
  );

  await page.goto('/producers/charges?reverse=not-a-record');
  await expect(page.getByTestId('reversal-problem')).toContainText(
    'There is no booking not-a-record to reverse',
  );
  await expect(field(page, 'user_id')).toHaveValue('');
  await expect(page.getByLabel('Credit (to the customer)')).toBeChecked();
  await expectAccessible(page);

  await photograph(browser, OPERATOR, `/consumers/${userId}`, 'consumer-never-migrated');
});
