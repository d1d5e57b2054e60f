import type { Locator, Page, Request } from '@playwright/test';
import { bdewCheckDigit, withMarketLocationCheckDigit } from '../src/contract/market-location.ts';
import { ensureStaff, expect, expectAccessible, OPERATOR, signIn, test, screenshot } from './fixtures.ts';

const SHOTS = 'test-results/screenshots/find';
const CSRF = { 'x-csrf': '1' };

/*
 * Every spec shares one server and its accounts, and earlier specs migrate, book and register too: each
 * test here uses IDs of its own (a user ID, market location and TR-ID made from the clock) and never
 * assumes empty tables.
 */
const stamp = Date.now();

/** A market location ID no other test uses: ten digits from the clock (starting 5–9) and the check digit. */
const uniqueMarketLocation = () =>
  withMarketLocationCheckDigit(String(5_000_000_000 + (stamp % 4_999_999_999)));

/** A TR-ID no other test uses: D, nine digits from the clock, the check digit (the letter counts as its code). */
function uniqueTechnicalResourceId(): string {
  const body = `D${String(stamp).slice(-9)}`;
  const values = [...body].map((char) => (/\d/.test(char) ? Number(char) : char.charCodeAt(0)));
  return `${body}${bdewCheckDigit(values)}`;
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

/** The console's top-bar language control, in either language. */
async function useLanguage(page: Page, language: 'en' | 'de') {
  await page.getByLabel(/^(Language|Sprache)$/).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The page as it is now at 390 and 1440 px, light and dark, named with the language; `shown` in view. */
async function shots(page: Page, name: string, language: 'en' | 'de', shown?: Locator) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shown?.scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/${name}-${language}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The writes the page sends to the platform through the BFF, with their headers. */
function platformWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'))
      writes.push(request);
  });
  return writes;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await ensureStaff(page);
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signIn(page, OPERATOR);
});

test('migrate Jörg Müller, find him in the palette by “muller”, and be warned before migrating him again', async ({
  page,
}) => {
  const userId = `K-${stamp}`;
  const again = `K-${stamp}-2`;
  const marketLocation = uniqueMarketLocation();
  const consumer = {
    first_name: 'Jörg',
    last_name: 'Müller',
    email: `joerg.mueller.${stamp}@example.org`,
    deliv_address_street: 'Findeweg',
    deliv_address_house_number: String(stamp % 1000),
    deliv_address_zipcode: '10115',
    deliv_address_city: 'Berlin',
    meteringpoint_id: marketLocation,
  };
  const writes = platformWrites(page);

  await page.goto('/consumers/migrate');
  await fill(page, { user_id: userId, ...consumer });
  await page.getByLabel('Payment method').selectOption('bank_transfer');
  await page.getByRole('button', { name: 'Migrate consumer' }).click();
  await expect(page.getByTestId('migrated-user-id')).toHaveText(userId);
  expect(writes).toHaveLength(1);

  // The palette finds him by his name as typed without the umlaut.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox', { name: 'Command' });
  await input.fill('muller');
  const group = palette.getByRole('group', { name: 'Consumers' });
  const him = group.getByRole('option').filter({ hasText: userId });
  await expect(him).toContainText('Jörg Müller');
  await expect(him).toContainText(marketLocation);
  // The best result is highlighted: Enter would take it.
  await expect(palette.getByRole('option', { selected: true })).toHaveCount(1);
  await expectAccessible(page);
  await shots(page, 'palette-results', 'en');
  // The language switch renders the console afresh: the palette is opened again in German.
  await page.keyboard.press('Escape');
  await useLanguage(page, 'de');
  await page.keyboard.press('Control+K');
  const paletteInput = page.locator('dialog.palette [cmdk-input]');
  await paletteInput.fill('muller');
  await expect(page.getByRole('group', { name: 'Kunden' }).getByRole('option')).toContainText([
    'Jörg Müller',
  ]);
  await shots(page, 'palette-results', 'de');
  await page.keyboard.press('Escape');
  await useLanguage(page, 'en');

  // With nothing typed, the most recent records come first, before the commands.
  await page.keyboard.press('Control+K');
  await expect(palette.getByRole('group', { name: 'Recent records' })).toBeVisible();
  await expect(palette.getByRole('option').first()).toContainText('Consumer');
  await input.fill('muller');
  await him.click();
  await expect(page).toHaveURL(new RegExp(`/consumers/${userId}$`));
  await expect(palette).toBeHidden();

  // The same market location under another user ID: a warning, nothing sent, until "Migrate anyway".
  await page.goto('/consumers/migrate');
  await fill(page, { user_id: again, ...consumer });
  await page.getByLabel('Payment method').selectOption('bank_transfer');
  // Sent twice: the warning stops the first, and the second, with the warning shown, sends nothing either.
  // (Not a double click: the warning takes focus and scrolls into view, so under load the second click of a
  // double click could land on the warning's link, which asks whether to leave the form.)
  const warning = page.getByRole('region', { name: 'The console has migrated this consumer before' });
  await page.getByRole('button', { name: 'Migrate consumer' }).click();
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Migrate consumer' }).click();
  // Visible, not asserted focused here: the second click takes the focus the warning was given (the single
  // click in German below asserts the focus).
  await expect(warning).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Leave this form?' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/consumers\/migrate$/);
  // Today in Berlin, as the English console shows a day ("Nov 28, 2026").
  const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(
    new Date(),
  );
  await expect(warning).toContainText(
    `${userId} was migrated with this market location on ${today} by ${OPERATOR.username}.`,
  );
  await expect(warning.getByRole('link', { name: userId }).first()).toHaveAttribute(
    'href',
    `/consumers/${userId}`,
  );
  expect(writes).toHaveLength(1);
  await expectAccessible(page);
  await shots(page, 'migration-warning', 'en', warning);

  await warning.getByRole('button', { name: 'Migrate anyway' }).click();
  await expect(page.getByTestId('migrated-user-id')).toHaveText(again);
  expect(writes).toHaveLength(2);
  const acknowledged = writes[1]!.headers()['x-duplicate-acknowledged'];
  expect(acknowledged).toMatch(/^\d+(,\d+)*$/);

  // In German (the language switch renders the form afresh): a third try, warned of both, not sent.
  await useLanguage(page, 'de');
  await page.goto('/consumers/migrate');
  await fill(page, { user_id: `K-${stamp}-3`, ...consumer });
  await page.locator('[name="payment_method"]').selectOption('bank_transfer');
  await page.getByRole('button', { name: 'Kunden migrieren' }).click();
  const german = page.getByTestId('duplicate-warning');
  await expect(german).toBeFocused();
  const heute = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(
    new Date(),
  );
  await expect(german).toContainText(
    `${again} wurde am ${heute} von ${OPERATOR.username} mit dieser Marktlokation migriert.`,
  );
  await expect(german.getByRole('button', { name: 'Trotzdem migrieren' })).toBeVisible();
  await shots(page, 'migration-warning', 'de', german);
  expect(writes).toHaveLength(2);
});

test('registering a TR-ID the console registered before warns first, and “Register anyway” sends it', async ({
  page,
}) => {
  const technicalResourceId = uniqueTechnicalResourceId();
  const resource = {
    contract_id: 'C1000',
    control_resource: 'C1137355923',
    technical_resource_id: technicalResourceId,
    market_location_feed: '51238696781',
    market_location_supply: '41373559241',
  };
  const writes = platformWrites(page);
  await page.goto('/master-data/technical-resources');
  await fill(page, resource);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Technical resource registered' })).toBeVisible();

  await page.getByRole('button', { name: 'Register another' }).click();
  await fill(page, resource);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const warning = page.getByRole('region', {
    name: 'The console has registered this technical resource before',
  });
  await expect(warning).toBeFocused();
  await expect(warning).toContainText(`${technicalResourceId} was registered on`);
  await expect(warning).toContainText(`by ${OPERATOR.username}.`);
  expect(writes).toHaveLength(1);
  await expectAccessible(page);
  await shots(page, 'technical-resource-warning', 'en', warning);

  await warning.getByRole('button', { name: 'Register anyway' }).click();
  await expect.poll(() => writes.length).toBe(2);
  expect(writes[1]!.headers()['x-duplicate-acknowledged']).toMatch(/^\d+(,\d+)*$/);

  // In German: the form afresh, the same TR-ID, the warning in German; nothing sent.
  await useLanguage(page, 'de');
  await page.goto('/master-data/technical-resources');
  await fill(page, resource);
  await page.locator('.form-actions button[type="submit"]').click();
  await expect(page.getByTestId('duplicate-warning')).toContainText(`${technicalResourceId} wurde am`);
  await shots(page, 'technical-resource-warning', 'de', page.getByTestId('duplicate-warning'));
  expect(writes).toHaveLength(2);
});

test('the charges form suggests known contracts, and warns of a pair the platform does not know', async ({
  page,
}) => {
  // A booking on P1000/C1000 through the console makes the contract one it knows (whatever ran before).
  const booked = await page.request.post('/api/v3/producers/P1000/contracts/C1000/charges_and_credits/', {
    headers: CSRF,
    data: {
      input_id: `e2e-find-${stamp}`,
      type_of_transaction: 'credit',
      amount_cent: 500,
      is_gross: true,
      vat_type: 'normal',
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      display_name: 'Find test credit',
    },
  });
  expect(booked.status()).toBe(201);

  await page.goto('/producers/charges');
  const userField = page.getByRole('combobox', { name: 'User ID' });
  await userField.pressSequentially('P10', { delay: 30 });
  const suggestions = page.getByRole('listbox', { name: 'Known contracts' });
  const suggestion = suggestions.getByRole('option').filter({ hasText: 'P1000 · C1000' });
  await expect(suggestion).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'contract-suggestions', 'en');
  await useLanguage(page, 'de');
  await field(page, 'user_id').pressSequentially('P10', { delay: 30 });
  await expect(page.getByRole('listbox', { name: 'Bekannte Verträge' })).toContainText('P1000 · C1000');
  await shots(page, 'contract-suggestions', 'de');
  await useLanguage(page, 'en');
  await userField.pressSequentially('P10', { delay: 30 });
  await expect(suggestion).toBeVisible();

  // Choosing one fills both IDs, and the platform knows it: no warning.
  await userField.press('ArrowDown');
  await expect(suggestions.getByRole('option', { selected: true })).toContainText('P1000 · C1000');
  await userField.press('Enter');
  await expect(field(page, 'user_id')).toHaveValue('P1000');
  await expect(field(page, 'contract_id')).toHaveValue('C1000');
  await expect(page.getByTestId('contract-unknown')).toHaveCount(0);

  // A typo (O for 0): the platform does not know it, said before anything is sent.
  await field(page, 'contract_id').fill('C1OOO');
  await expect(page.getByTestId('contract-unknown')).toHaveText(
    'The platform does not know contract C1OOO of P1000 — check the IDs.',
  );
  await expectAccessible(page);
  await shots(page, 'contract-unknown', 'en', page.getByTestId('contract-unknown'));
});

test('a search that fails is one quiet line in the palette, and its commands still work', async ({
  page,
}) => {
  // An answer the browser does not log as an error (the fixture fails on those): the BFF refusing for now.
  await page.route('**/bff/search?**', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: '{"detail":"Too many requests."}' }),
  );
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command' }).fill('bulk mig');
  await expect(palette.getByRole('status')).toHaveText(
    'Records cannot be searched right now. The commands still work.',
  );
  await expect(palette.getByRole('option')).toHaveText(['Bulk consumer migrations']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bulk\/migrations$/);
});
