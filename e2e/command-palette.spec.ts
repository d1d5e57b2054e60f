import { ensureStaff, expect, expectAccessible, OPERATOR, signIn, test, screenshot } from './fixtures.ts';

const SHOTS = 'test-results/screenshots';

test.describe('command palette', () => {
  test('Ctrl+K goes anywhere from the keyboard: a page, a contract, an IBAN check', async ({ page }) => {
    await ensureStaff(page);
    await signIn(page, OPERATOR);

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    const input = palette.getByRole('combobox', { name: 'Command' });
    await expect(input).toBeFocused();
    await input.fill('bulk mig');
    await expect(palette.getByRole('option')).toHaveText(['Bulk consumer migrations']);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/command-palette-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bulk\/migrations$/);
    await expect(palette).toBeHidden();

    // A contract typed as P1000/C1000: the first option is its feed-in report.
    await page.keyboard.press('Control+K');
    await input.fill('P1000/C1000');
    await expect(palette.getByRole('option').first()).toHaveText('Feed-in report for P1000/C1000');
    await page.keyboard.press('ArrowDown');
    await expect(palette.getByRole('option', { selected: true })).toHaveText(
      'Book a charge or credit on P1000/C1000',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/producers\/charges\?user=P1000&contract=C1000$/);
    await expect(palette).toBeHidden();

    // "check iban …": the validators page with the value filled in and checked.
    await page.keyboard.press('Control+K');
    await expect(palette).toBeVisible();
    await input.fill('check iban DE89 3704 0044 0532 0130 00');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tools\/validators\?iban=/);
    await expect(page.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');

    // Escape closes it and gives focus back.
    await page.keyboard.press('Control+K');
    await expect(palette).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    // The top bar's button opens it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /Commands/ }).click();
    await expect(palette).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/command-palette-narrow.png` });
  });
});
