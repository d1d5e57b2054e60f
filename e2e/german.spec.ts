import type { Page } from '@playwright/test';
import { ensureStaff, expect, expectAccessible, OPERATOR, test } from './fixtures.ts';

const SHOTS = 'test-results/screenshots';
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ locale: 'en-US' });
  await ensureStaff(page);
  await page.close();
});

async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function anmelden(page: Page) {
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Bei energy-console anmelden' })).toBeVisible();
  await page.getByLabel('Benutzername').fill(OPERATOR.username);
  await page.getByLabel('Passwort').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('current-user')).toContainText(OPERATOR.username);
}

test.describe('in German', () => {
  // A German browser gets the German console without choosing anything.
  test.use({ locale: 'de-DE' });

  test('sign-in, the migration form and its error summary, the validators with the platform’s words explained', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await expectAccessible(page);
    await screenshots(page, 'german-sign-in');
    await page.getByLabel('Benutzername').fill(OPERATOR.username);
    await page.getByLabel('Passwort').fill('falsch-falsch');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort falsch.');
    await anmelden(page);

    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation.getByRole('heading')).toHaveText([
      'Kunden',
      'Erzeuger',
      'Massenaufträge',
      'Stammdaten',
      'Werkzeuge',
    ]);
    await navigation.getByRole('link', { name: 'Kunden migrieren' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kunden migrieren' })).toBeVisible();
    await page.getByRole('button', { name: 'Kunden migrieren' }).click();
    const summary = page.getByRole('region', { name: 'Es gibt ein Problem' });
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole('link', { name: 'Benutzer-ID: Geben Sie die Benutzer-ID ein.' }),
    ).toBeVisible();
    // A rule of the shared contract, said in German.
    await field(page, 'deliv_address_zipcode').fill('1234');
    await expect(page.locator('#field-deliv_address_zipcode-error')).toHaveText(
      'Geben Sie eine gültige deutsche Postleitzahl ein (5 Ziffern).',
    );
    await expectAccessible(page);
    await screenshots(page, 'german-migration');

    // The platform's own message stays as sent, with its meaning in German beside it.
    await page.goto('/tools/validators?iban=DE89370400440532013001');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'IBAN, Marktlokation und Lieferbeginn prüfen',
    );
    await expect(page.locator('#iban-status')).toHaveText(
      '✗ IBAN check digit validation failed — Die Prüfziffern der IBAN stimmen nicht: Suchen Sie nach einem Tippfehler.',
    );
    await page.getByLabel('Marktlokations-ID').fill('5123869678');
    await expect(page.locator('#market-location-id-status')).toHaveText('Weiter tippen: noch 1 Ziffer.');
    await page.getByLabel('Marktlokations-ID').fill('51238696781');
    await expect(page.locator('#market-location-id-status')).toHaveText('✓ Gültig');
    await expectAccessible(page);
    await screenshots(page, 'german-validators');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/german-validators-narrow.png`, fullPage: true });
  });

  test('a credit booked with German separators, and the feed-in report in German', async ({ page }) => {
    await anmelden(page);
    await page.goto('/producers/charges?user=P1000&contract=C1000');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Belastungen und Gutschriften buchen' }),
    ).toBeVisible();
    await page.getByLabel('Betrag', { exact: true }).fill('12,5');
    await field(page, 'due_date').fill('2025-01-31');
    await field(page, 'no_of_executions').fill('2');
    await expect(
      page.getByText('2 Ausführungen brauchen einen Rhythmus: Wählen Sie monatlich oder jährlich.'),
    ).toBeVisible();
    await field(page, 'input_id').fill('e2e-deutsch');
    await field(page, 'display_name').fill('Treuebonus');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await expect(page.locator('#field-execution_cycle-error')).toHaveText(
      'Erforderlich, wenn die Buchung mehr als einmal ausgeführt wird.',
    );
    await field(page, 'execution_cycle').selectOption('month');
    await expect(page.getByTestId('schedule-preview').locator('tfoot')).toContainText('25,00 €');
    await expectAccessible(page);
    await screenshots(page, 'german-charges');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await expect(page.getByRole('heading', { name: 'Gutschrift gebucht' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Die Plattform hat 2 Datensätze auf Vertrag C1000');

    await page.goto('/reports/feed-in?user=P1000&contract=C1000&from=2025-06-01&to=2025-06-07&agg=day');
    await expect(page.getByRole('heading', { level: 1, name: 'Einspeisebericht' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bericht' }).getByText('Gesamtenergie')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Zeitzone' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'german-feed-report');
  });
});

test('the language is switched in the top bar, remembered, and <html lang> follows', async ({ page }) => {
  // An English browser starts in English.
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Bei energy-console anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache')).toBeFocused();
  await anmelden(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Einspeisebericht' })).toBeVisible();

  // Switching back keeps what was typed (the draft) and the page.
  await page.goto('/consumers/migrate');
  await field(page, 'first_name').fill('Erika');
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Migrate a consumer' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(field(page, 'first_name')).toHaveValue('Erika');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The command palette speaks the language too.
  await page.getByLabel('Language').selectOption('de');
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Befehlspalette' });
  await palette.getByRole('combobox', { name: 'Befehl' }).fill('prüfe iban DE89 3704 0044 0532 0130 00');
  await expect(palette.getByRole('option').first()).toHaveText('IBAN DE89 3704 0044 0532 0130 00 prüfen');
  await expectAccessible(page);
});
