import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { sendPastDuplicateWarning } from './duplicate-warnings.ts';
import { expectNoEnglishWords } from './english-leftovers.ts';
import { ADMIN, ensureStaff, expect, expectAccessible, OPERATOR, test, screenshot } from './fixtures.ts';

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
    await screenshot(page, { path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function anmelden(page: Page, user: { username: string; password: string } = OPERATOR) {
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Bei energy-console anmelden' })).toBeVisible();
  await page.getByLabel('Benutzername').fill(user.username);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByTestId('current-user')).toContainText(user.username);
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
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort falsch.');
    await anmelden(page);

    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation.getByRole('heading')).toHaveText([
      'Kunden',
      'Erzeuger',
      'Prüfen',
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
    // The market location's refusal is said once: the platform's words with their meaning, no second copy.
    await field(page, 'meteringpoint_id').fill('51238696780');
    await expect(page.locator('#field-meteringpoint_id-status')).toHaveText(
      '✗ check digit validation failed — Die Prüfziffer (die letzte Ziffer) stimmt nicht: Suchen Sie nach einem Tippfehler.',
    );
    await expect(page.locator('#field-meteringpoint_id-error')).toHaveCount(0);
    await expect(page.getByLabel('Titel').locator('option').first()).toHaveText('(kein Titel)');
    await expect(page.getByTestId('derived-customer-type')).toContainText('Privatkunde');
    await expectNoEnglishWords(page);
    await expectAccessible(page);
    await screenshots(page, 'german-migration');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, { path: `${SHOTS}/german-migration-narrow.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // A consumer moving into a new installation, migrated: the result in German words and numbers.
    for (const [name, value] of Object.entries({
      user_id: 'K-DE-1',
      first_name: 'Erika',
      last_name: 'Mustermann',
      email: 'erika@example.org',
      deliv_address_street: 'Hauptstraße',
      deliv_address_house_number: '1a',
      deliv_address_zipcode: '10115',
      deliv_address_city: 'Berlin',
      meteringpoint_id: '51238696781',
      annual_consumption: '3.500',
      base_fee_price_brutto: '12,5',
      contract_notice_period: '1',
      minimum_contract_term: '24',
      preferred_delivery_start: '2025-06-18',
    }))
      await field(page, name).fill(value);
    await page.getByLabel('Einzug / Neuanlage (E02)').check();
    await expect(page.getByTestId('derived-change-reason')).toHaveText(
      'E02 – Einzug / Neuanlage: von Ihnen angegeben',
    );
    await page.getByLabel('Zahlungsart').selectOption('bank_transfer');
    await page.getByRole('button', { name: 'Kunden migrieren' }).click();
    await sendPastDuplicateWarning(page, page.getByRole('heading', { name: 'Kunde migriert' }));
    const record = page.locator('dl.record');
    await expect(record.getByText('Wechselgrund', { exact: true })).toBeVisible();
    await expect(record.getByText('E02 – Einzug / Neuanlage: von Ihnen angegeben')).toBeVisible();
    await expect(record.getByText('12,50 €/Monat', { exact: true })).toBeVisible();
    await expect(record.getByText('3.500 kWh/Jahr', { exact: true })).toBeVisible();
    await expect(record.getByText('1 Monat', { exact: true })).toBeVisible();
    await expect(record.getByText('24 Monate', { exact: true })).toBeVisible();
    await expectNoEnglishWords(page);
    await expectAccessible(page);
    await screenshots(page, 'german-migration-result');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/german-migration-result-narrow.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

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
    await expect(page.getByLabel('Kundentyp')).toHaveValue('private');
    await expect(page.getByLabel('Kundentyp').locator('option:checked')).toHaveText('Privatkunde');
    await expectNoEnglishWords(page);
    await expectAccessible(page);
    await screenshots(page, 'german-validators');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/german-validators-narrow.png`, fullPage: true });
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
      page.getByText('2 Ausführungen brauchen einen Turnus: Wählen Sie monatlich oder jährlich.'),
    ).toBeVisible();
    await field(page, 'input_id').fill('e2e-deutsch');
    await field(page, 'display_name').fill('Treuebonus');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await expect(page.locator('#field-execution_cycle-error')).toHaveText(
      'Erforderlich, wenn die Buchung mehr als einmal ausgeführt wird.',
    );
    await field(page, 'execution_cycle').selectOption('month');
    await expect(page.getByTestId('preview-totals')).toContainText('-25,00 €');
    await expectAccessible(page);
    await screenshots(page, 'german-charges');
    await page.getByLabel('Ich habe Betrag und Daten geprüft: buchen.').check();
    await page.getByRole('button', { name: 'Buchen' }).click();
    await expect(page.getByRole('heading', { name: 'Gutschrift gebucht' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Gutschrift gebucht' })).toContainText(
      'Die Plattform hat 2 Datensätze auf Vertrag C1000',
    );

    await page.goto('/reports/feed-in?user=P1000&contract=C1000&from=2025-06-01&to=2025-06-07&agg=day');
    await expect(page.getByRole('heading', { level: 1, name: 'Einspeisebericht' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bericht' }).getByText('Gesamtenergie')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Zeitzone' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'german-feed-report');
  });

  test('a bulk campaign checked, run and followed in German', async ({ page }) => {
    await anmelden(page);
    await page.getByRole('link', { name: 'Belastungen und Gutschriften in Masse' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Belastungen und Gutschriften in Masse' }),
    ).toBeVisible();
    // Four credits of 10 €, the second with an amount nobody can read.
    const rows = [1, 2, 3, 4].map(
      (n) =>
        `P1000;C1000;credit;${n === 2 ? 'zehn' : '1000'};ja;normal;2026-01-31;e2e-bulk-de-${n};Winterbonus ${n}`,
    );
    await page.getByLabel('CSV-Datei').setInputFiles({
      name: 'winterbonus.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `user_id;contract_id;type_of_transaction;amount_cent;is_gross;vat_type;due_date;input_id;display_name\r\n${rows.join('\r\n')}\r\n`,
      ),
    });
    await expect(page.getByTestId('bulk-check-summary')).toContainText(
      '3 Zeilen bereit, 1 Zeile mit Problemen',
    );
    await expect(page.getByRole('table', { name: 'Zeilen mit Problemen' })).toContainText(
      'amount_cent sind ganze Cent: 1000 für 10,00 €',
    );
    // The dry run's totals in words and with German separators, signed as on the charges page:
    // 3 credits of 10,00 € gross.
    const totals = page.getByRole('table', { name: 'Summen' }).getByRole('row').nth(1);
    await expect(totals).toContainText('Gutschrift');
    await expect(totals).toContainText('-30,00');
    await expect(page.getByText('Gutschriften werden als negative Beträge')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'german-bulk-check');
    await page.getByRole('button', { name: 'Für 3 Zeilen ausführen…' }).click();
    await expect(page.getByRole('group')).toContainText(
      '3 Belastungen und Gutschriften aus winterbonus.csv an die Umgebung sandbox senden? Die Zeile mit Problemen wird ausgelassen.',
    );
    await page.getByRole('button', { name: 'Massenauftrag auf sandbox starten' }).click();
    await expect(page.getByTestId('campaign-status')).toHaveText('fertig', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: /winterbonus.csv/ })).toContainText('Angelegt');
    // The row with problems is in the campaign too, with its problem in German.
    await expect(page.getByTestId('rows-not-created')).toContainText('ungültig');
    await expect(page.getByTestId('rows-not-created')).toContainText('amount_cent sind ganze Cent');
    await expect(page.getByRole('table').last()).toContainText('fertig');
    await expectAccessible(page);
    await screenshots(page, 'german-bulk-done');
    // The results as German Excel opens them: `;`, a BOM, the spreadsheet's row numbers, the status in words.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ergebnisse herunterladen (CSV)' }).click();
    const results = (await readFile(await (await download).path())).toString('utf8').split('\r\n');
    expect(results[0]).toBe('\uFEFFrow;user_id;contract_id;input_id;status;status_text;message');
    expect(results[1]).toBe('2;P1000;C1000;e2e-bulk-de-1;created;angelegt;');
    expect(results[2]).toMatch(/^3;P1000;C1000;e2e-bulk-de-2;invalid;ungültig;/);
  });

  test('a technical resource registered in German', async ({ page }) => {
    await anmelden(page);
    await page.goto('/master-data/technical-resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Technische Ressource anlegen' })).toBeVisible();
    await field(page, 'contract_id').fill('C1000');
    await field(page, 'control_resource').fill('C1137355923');
    // Another resource than the English spec's: the platform refuses a TR-ID twice.
    await field(page, 'technical_resource_id').fill('D2137355921');
    await field(page, 'market_location_feed').fill('51238696781');
    await field(page, 'market_location_supply').fill('41373559241');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.locator('#field-technical_resource_id-error')).toHaveText(
      'Die Prüfziffer der ID (das letzte Zeichen) stimmt nicht: Suchen Sie nach einem Tippfehler.',
    );
    await expect(page.getByRole('region', { name: 'Es gibt ein Problem' })).toBeFocused();
    await expectAccessible(page);
    await screenshots(page, 'german-technical-resource');
    await field(page, 'technical_resource_id').fill('D2137355920');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('heading', { name: 'Technische Ressource angelegt' })).toBeVisible();
    await expect(page.getByTestId('accounting-model')).toHaveText('Z01 – Planwertmodell');
    await expectAccessible(page);
  });

  test('accounts and the audit log in German', async ({ page }) => {
    await anmelden(page, ADMIN);
    await page.getByRole('link', { name: 'Konten' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Konten der Mitarbeitenden verwalten' }),
    ).toBeVisible();
    await page.getByLabel('Benutzername').fill('Zu kurz');
    await page.getByLabel('Erstes Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(
      page.getByText('Verwenden Sie Kleinbuchstaben, Ziffern, Punkte, Bindestriche und Unterstriche.'),
    ).toBeVisible();
    await expect(page.getByText('Verwenden Sie mindestens 12 Zeichen.')).toBeVisible();
    await page.getByLabel('Benutzername').fill(OPERATOR.username);
    await page.getByLabel('Erstes Passwort').fill('ein-langes-passwort');
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect(page.getByText('Ein Konto mit diesem Benutzernamen gibt es schon.')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Rolle' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'german-accounts');

    await page.getByRole('link', { name: 'Prüfprotokoll' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Prüfprotokoll der Schreibversuche' }),
    ).toBeVisible();
    await page.getByLabel('Ergebnis').selectOption('4xx');
    await expect(page.getByText(/ von \d+ Versuchen, die neuesten zuerst$/)).toBeVisible();
    await page.getByLabel('Erster Tag').fill('2030-01-02');
    await page.getByLabel('Letzter Tag').fill('2030-01-01');
    await expect(page.getByText('Der letzte Tag darf nicht vor dem ersten liegen.')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'german-audit');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/german-audit-narrow.png`, fullPage: true });
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
  // The shell speaks German once the catalogue has loaded; Ctrl+K then opens the palette.
  await expect(page.getByRole('button', { name: /^Befehle/ })).toBeVisible();
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Befehlspalette' });
  await palette.getByRole('combobox', { name: 'Befehl' }).fill('prüfe iban DE89 3704 0044 0532 0130 00');
  await expect(palette.getByRole('option').first()).toHaveText('IBAN DE89 3704 0044 0532 0130 00 prüfen');
  await expectAccessible(page);
});
