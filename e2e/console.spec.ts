import {
  ADMIN,
  OPERATOR,
  VIEWER,
  ensureStaff,
  expect,
  expectAccessible,
  signIn,
  signInThroughForm,
  test,
} from './fixtures.ts';

test.describe('sign-in', () => {
  test('refuses wrong credentials with a clear message and is accessible', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByTestId('environment')).toHaveText('Environment: sandbox');
    await expectAccessible(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  });

  test('signs in, shows the environment and the user, and signs out', async ({ page }) => {
    await signInThroughForm(page, ADMIN);
    await expect(page).toHaveURL(/\/tools\/validators/);
    await expect(page.getByTestId('environment')).toHaveText('Environment: sandbox');
    await expect(page.getByTestId('current-user')).toHaveText('admin (admin)');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto('/tools/validators');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test.describe('validators', () => {
  test.beforeEach(async ({ page }) => signIn(page, ADMIN));

  test('checks IBANs live with the platform message and groups valid ones', async ({ page }) => {
    const iban = page.getByLabel('IBAN');
    await iban.fill('DE89 3704');
    await expect(page.locator('#iban-status')).toHaveText('Keep typing: the IBAN is not complete yet.');
    await iban.fill('de89 3704 0044 0532 0130 01');
    await expect(page.locator('#iban-status')).toHaveText('✗ IBAN check digit validation failed');
    await iban.fill('de89370400440532013000');
    await expect(page.locator('#iban-status')).toHaveText('✓ Valid');
    await expect(page.getByText('DE89 3704 0044 0532 0130 00', { exact: true })).toBeVisible();
    await iban.fill('TR330006100519786457841326');
    await expect(page.locator('#iban-status')).toHaveText(
      '✗ the IBAN country code is currently not supported',
    );
    await expectAccessible(page);
  });

  test('checks market location IDs with every spec message', async ({ page }) => {
    const field = page.getByLabel('Market location ID');
    const status = page.locator('#market-location-id-status');
    await field.fill('4123');
    await expect(status).toHaveText('Keep typing: 7 more digits.');
    for (const [value, message] of [
      ['51238696780', '✗ check digit validation failed'],
      ['4137X559241', '✗ market location identifier contains non-digit character'],
      ['412345678901', '✗ market location identifier contains too many characters'],
      ['01234567890', '✗ market location identifier must start with a digit between 1-9'],
      ['51238696781', '✓ Valid'],
    ] as const) {
      await field.fill(value);
      await expect(status).toHaveText(message);
    }
  });

  test('offers the earliest delivery start for a too-early date', async ({ page }) => {
    await page.getByLabel('Customer type').selectOption('private');
    await page.getByLabel('Change reason').selectOption('E03');
    await page.getByLabel('Preferred delivery start').fill('2025-06-17');
    await expect(page.locator('#delivery-start-status')).toHaveText(
      '✗ delivery start to this date is not possible',
    );
    await expect(page.getByText('Earliest possible start: 2025-06-18')).toBeVisible();
    await page.getByRole('button', { name: 'Use this date' }).click();
    await expect(page.getByLabel('Preferred delivery start')).toHaveValue('2025-06-18');
    await expect(page.locator('#delivery-start-status')).toHaveText('✓ Valid');
    await page.getByLabel('Customer type').selectOption('producer');
    await page.getByLabel('Change reason').selectOption('E01');
    await expect(page.locator('#delivery-start-status')).toHaveText(
      '✗ unsupported change_reason for selected customer_type',
    );
  });

  test('keeps what was typed when the session expires', async ({ page, context }) => {
    await page.getByLabel('Market location ID').fill('51238696781');
    await expect(page.locator('#market-location-id-status')).toHaveText('✓ Valid');
    await context.clearCookies();
    await page.getByLabel('IBAN').fill('DE89370400440532013000');
    await expect(page).toHaveURL(/\/sign-in\?.*expired=true/);
    await expect(page.getByText('Your session has ended')).toBeVisible();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/tools\/validators/);
    await expect(page.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
    await expect(page.getByLabel('Market location ID')).toHaveValue('51238696781');
    await expect(page.locator('#iban-status')).toHaveText('✓ Valid');
  });
});

test.describe('roles', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await ensureStaff(page);
    await page.close();
  });

  test('viewers and operators see no admin pages; admins see them and they work', async ({ page }) => {
    // What an operator's navigation lists; an admin's adds the admin pages.
    const OPERATOR_LINKS = [
      'Migrate a consumer',
      'Feed-in report',
      'Book charges and credits',
      // With the pending count beside it when something waits for approval, and "✓ n" when requests of the
      // user's were decided since they last looked (an earlier spec of the run may have decided some).
      /^Approvals\d*(✓\d+)?$/,
      'Bulk charges and credits',
      'Bulk consumer migrations',
      'Register a technical resource',
      'Validators',
    ];
    for (const [user, links] of [
      [VIEWER, ['Feed-in report', 'Validators']],
      [OPERATOR, OPERATOR_LINKS],
    ] as const) {
      await signIn(page, user);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(links);
      // The page says why it is not theirs (no silent redirect).
      await page.goto('/admin/accounts');
      await expect(page.getByRole('note')).toContainText('Managing staff accounts needs the admin role.');
      expect((await page.request.get('/bff/users', { headers: { 'x-csrf': '1' } })).status()).toBe(403);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/sign-in/);
    }
    await signIn(page, ADMIN);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      ...OPERATOR_LINKS,
      'Accounts',
      'Audit log',
    ]);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Manage staff accounts' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Username').fill('tina');
    await page.getByLabel('Initial password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
    await page.getByLabel('Initial password').fill('fresh-start-in-spring');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('cell', { name: 'tina', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Disable tina' }).click();
    await expect(page.getByRole('button', { name: 'Enable tina' })).toBeVisible();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log of write attempts' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'bff_users_update' }).first()).toBeVisible();
    await page.getByLabel('Operation').selectOption('bff_users_create');
    await expect(page.getByRole('cell', { name: 'bff_users_update' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
