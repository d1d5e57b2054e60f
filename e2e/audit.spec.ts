import { readFileSync } from 'node:fs';
import { ADMIN, ensureStaff, expect, expectAccessible, signIn, test, screenshot } from './fixtures.ts';

const SHOTS = 'test-results/screenshots';
const CHARGES = '/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';
/** The operator whose attempts this test counts. */
const AUDITED = { username: 'audra', password: 'audit trail of quiet harbours' };

test.describe('audit log', () => {
  test('filters and pages on the server, keeps its filters in the URL, and downloads the filtered CSV', async ({
    page,
  }) => {
    await ensureStaff(page);
    // An operator of this test's own: no other spec of the run adds to the attempts it counts.
    await signIn(page, ADMIN);
    const created = await page.request.post('/bff/users', {
      headers: { 'x-csrf': '1' },
      data: { ...AUDITED, role: 'operator' },
    });
    expect([201, 400]).toContain(created.status());
    await page.context().clearCookies();
    await signIn(page, AUDITED);
    // 55 refused charges (the body lacks required fields) and one the platform also refuses for its amount.
    for (let i = 0; i < 55; i++) {
      const refused = await page.request.post(CHARGES, {
        headers: { 'x-csrf': '1' },
        data: { input_id: `audit-e2e-${i}` },
      });
      expect(refused.status()).toBe(400);
    }
    await page.context().clearCookies();

    await signIn(page, ADMIN);
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit log of write attempts' })).toBeVisible();
    await page.getByLabel('User').selectOption(AUDITED.username);
    await page.getByLabel('Outcome').selectOption('4xx');
    // Only charges: the operator's other attempts would stay out.
    await page.getByLabel('Operation').selectOption('producers_contracts_charges_and_credits_create');
    await expect(page).toHaveURL(/user=audra/);
    await expect(page).toHaveURL(/status=4xx/);
    await expect(page.getByText(/^1–50 of 55 attempts/)).toBeVisible();
    await expect(page.getByRole('cell', { name: /input_id=audit-e2e-54$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Older' }).click();
    await expect(page.getByText(/^51–55 of 55 attempts/)).toBeVisible();
    await expect(page.getByRole('cell', { name: /input_id=audit-e2e-0$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();

    // A reload (or a shared link) opens the same view.
    await page.reload();
    await expect(page.getByText(/^51–55 of 55 attempts/)).toBeVisible();
    await expect(page.getByLabel('Outcome')).toHaveValue('4xx');

    // By the consumer or producer an attempt was about (a consumer's page links here with it).
    const subject = page.getByLabel('Consumer or producer ID');
    await subject.fill('P9999');
    await expect(page).toHaveURL(/user_id=P9999/);
    await expect(page.getByText('No write attempts match.')).toBeVisible();
    await subject.fill('P1000');
    await expect(page.getByText(/^51–55 of 55 attempts|^1–50 of 55 attempts/)).toBeVisible();
    await subject.fill('');
    await expect(page).not.toHaveURL(/user_id=/);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'time,request_id,username,role,operation,method,path,targets,status,duration_ms,display_name',
    );
    expect(lines).toHaveLength(56);
    expect(
      lines
        .slice(1)
        .every((line) =>
          line.includes(',audra,operator,producers_contracts_charges_and_credits_create,POST,'),
        ),
    ).toBe(true);

    // Days: the last before the first is said at once, and nothing is fetched.
    await page.getByLabel('First day').fill('2030-01-02');
    await page.getByLabel('Last day').fill('2030-01-01');
    await expect(page.getByText('The last day must not be before the first.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await page.getByLabel('Last day').fill('2030-01-03');
    await expect(page.getByText('No write attempts match.')).toBeVisible();
    await page.getByLabel('First day').fill('');
    await page.getByLabel('Last day').fill('');
    await expect(page.getByText(/^1–50 of 55 attempts/)).toBeVisible();
    await expectAccessible(page);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/audit-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/audit-narrow.png`, fullPage: true });
    await expectAccessible(page);
  });
});
