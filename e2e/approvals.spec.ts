import { approvalSchema } from '../src/contract/approvals.ts';
import type { Browser, Page } from '@playwright/test';
import {
  ADMIN,
  OPERATOR,
  ensureStaff,
  expect,
  expectAccessible,
  signIn,
  test,
  screenshot,
} from './fixtures.ts';

/** The second person: another operator, created through the admin as the other staff are. */
const APPROVER = { username: 'bert', password: 'second-pair-of-eyes' };
const SHOTS = 'test-results/screenshots/approvals';
const CSRF = { 'x-csrf': '1' };

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await ensureStaff(page);
  await signIn(page, ADMIN);
  const response = await page.request.post('/bff/users', {
    headers: CSRF,
    data: { ...APPROVER, role: 'operator' },
  });
  expect([201, 400]).toContain(response.status());
  await page.close();
});

/** A staff member in a browser of their own (own cookies, own session). */
async function staffBrowser(browser: Browser, user: { username: string; password: string }) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

/** A charge of 1,500.00 € sent for approval through the page's own API call (for the reject/withdraw tests). */
async function requestApproval(page: Page, inputId: string): Promise<string> {
  const response = await page.request.post('/bff/approvals', {
    headers: CSRF,
    data: {
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      body: {
        input_id: inputId,
        type_of_transaction: 'charge',
        amount_cent: 150_000,
        is_gross: true,
        vat_type: 'normal',
        due_date: inAWeek(),
        display_name: 'Connection fee',
      },
    },
  });
  expect(response.status()).toBe(201);
  return approvalSchema.parse(await response.json()).id;
}

test('a booking that reaches the threshold with the contract’s recent bookings goes for approval, and the approver sees them', async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const a = requester.page;
  const inputId = `e2e-window-${Date.now()}`;
  // One cent booked without approval first (or the contract's window already holds at least as much): with it,
  // 999.99 € reaches the 1,000.00 € threshold.
  const seed = await a.request.post('/api/v3/producers/P2000/contracts/C2000/charges_and_credits/', {
    headers: CSRF,
    data: {
      input_id: `${inputId}-seed`,
      type_of_transaction: 'credit',
      amount_cent: 1,
      is_gross: true,
      vat_type: 'normal',
      due_date: inAWeek(),
      display_name: 'Rounding',
    },
  });
  expect([201, 428]).toContain(seed.status());

  await a.goto('/producers/charges?user=P2000&contract=C2000');
  await a.getByLabel('Charge (to the customer)').check();
  await a.getByLabel('Amount', { exact: true }).fill('999.99');
  await field(a, 'due_date').fill(inAWeek());
  await field(a, 'input_id').fill(inputId);
  await field(a, 'display_name').fill('Meter exchange');
  await a.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(a.getByRole('region', { name: 'There is a problem' })).toContainText(
    'Nothing was booked: together with this contract’s other bookings',
  );
  await a.getByRole('button', { name: 'Send for approval' }).click();
  await expect(a.getByTestId('sent-for-approval')).toContainText('€999.99 gross on P2000/C2000');
  const requestUrl = await a.getByRole('link', { name: 'Open the request' }).getAttribute('href');

  const b = approver.page;
  await b.goto(requestUrl!);
  const bookings = b.getByRole('table', { name: 'Bookings sent without approval' });
  await expect(bookings).toBeVisible();
  await expect(b.getByText('Together with these bookings on the same contract')).toBeVisible();
  await expectAccessible(b);
  await screenshot(b, { path: `${SHOTS}/window-bookings.png`, fullPage: true });
  // Nothing for anyone to approve: the requester takes it back.
  await a.goto(requestUrl!);
  await a.getByRole('button', { name: 'Withdraw the request' }).click();
  await expect(a.getByTestId('approval-status')).toHaveText('withdrawn');
  await requester.context.close();
  await approver.context.close();
});

test('four eyes: one operator asks, cannot approve it themself, a second approves with their password, it is booked', async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const a = requester.page;
  const b = approver.page;
  const inputId = `e2e-four-eyes-${Date.now()}`;

  // A books 1,500 €: the page says before sending that it goes for approval.
  await a.goto('/producers/charges?user=P1000&contract=C1000');
  await a.getByLabel('Charge (to the customer)').check();
  await a.getByLabel('Amount', { exact: true }).fill('1500');
  await field(a, 'due_date').fill(inAWeek());
  await field(a, 'input_id').fill(inputId);
  await field(a, 'display_name').fill('Connection fee');
  await expect(a.getByTestId('approval-notice')).toContainText(
    "This booking needs a second person's approval: it will be sent for approval, not booked.",
  );
  await expect(a.getByTestId('approval-notice')).toContainText('€1,000.00');
  await expect(a.getByTestId('plausibility-check')).toHaveCount(0);
  await expect(a.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);
  await a.getByRole('button', { name: 'Send for approval' }).click();
  await expect(a.getByTestId('sent-for-approval')).toContainText('€1,500.00 gross on P1000/C1000');
  await a.getByRole('link', { name: 'Open the request' }).click();
  await expect(a.getByRole('heading', { level: 1, name: 'Approval request' })).toBeVisible();
  const id = a.url().split('/').pop()!;

  // A sees no approve button, and the server refuses A's approval all the same.
  await expect(a.getByTestId('own-request')).toHaveText(
    'You asked for this: a second person must approve it.',
  );
  await expect(a.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  const own = await a.request.post(`/bff/approvals/${id}/approve`, {
    headers: CSRF,
    data: { password: OPERATOR.password },
  });
  expect(own.status()).toBe(403);
  await expect(a.getByTestId('request-text')).toContainText(
    'POST /api/v3/producers/P1000/contracts/C1000/charges_and_credits/',
  );
  await expect(a.getByTestId('request-text')).toContainText(`"input_id":"${inputId}"`);

  // B, in another browser, sees the count in the navigation and opens the request from the list.
  await b.reload();
  await expect(b.getByRole('link', { name: /^Approvals, \d+ pending$/ })).toBeVisible();
  await b.getByRole('link', { name: /^Approvals, \d+ pending$/ }).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const entry = b.getByRole('row').filter({ has: b.locator(`a[href="/approvals/${id}"]`) });
  await expect(entry).toContainText('Charge of €1,500.00 on P1000/C1000');
  await expect(entry).toContainText('olga');
  await expect(entry).toContainText('waiting for approval');
  await expectAccessible(b);
  await entry.getByRole('link').click();
  await expect(b.getByTestId('approval-status')).toHaveText('waiting for approval');
  await expect(b.getByRole('table', { name: 'Totals' })).toContainText('€1,500.00');
  await expect(b.getByTestId('schedule-preview')).toContainText(`${inputId}__1`);
  await expectAccessible(b);
  await screenshot(b, { path: `${SHOTS}/pending-approver.png`, fullPage: true });

  // A wrong password: the error under the field, nothing decided.
  await b.getByLabel('Your password').fill('not-my-password');
  await b.getByRole('button', { name: 'Approve and book' }).click();
  await expect(b.getByText('This is not your password.')).toBeVisible();
  await expect(b.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');
  await expect(b.getByLabel('Your password')).toBeFocused();
  await expect(b.getByTestId('approval-status')).toHaveText('waiting for approval');

  // The right one: booked, with the platform's records.
  await b.getByLabel('Your password').fill(APPROVER.password);
  await b.getByRole('button', { name: 'Approve and book' }).click();
  await expect(b.getByTestId('approval-status')).toHaveText('approved and booked');
  await expect(b.getByTestId('approval-outcome').getByRole('heading', { name: 'Booked' })).toBeVisible();
  await expect(b.getByTestId('booked-records')).toContainText(`${inputId}__1`);
  await expect(b.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expectAccessible(b);
  await screenshot(b, { path: `${SHOTS}/booked-approver.png`, fullPage: true });

  // A reloads and sees the outcome.
  await a.reload();
  await expect(a.getByTestId('approval-status')).toHaveText('approved and booked');
  await expect(a.getByTestId('booked-records')).toContainText(`${inputId}__1`);
  await expect(a.getByText(`by ${APPROVER.username},`)).toBeVisible();

  // On a phone the request reads without scrolling sideways.
  await a.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await screenshot(a, { path: `${SHOTS}/booked-requester-390.png`, fullPage: true });

  await requester.context.close();
  await approver.context.close();
});

test('a second person rejects with a reason, which the requester reads', async ({ browser }) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const id = await requestApproval(requester.page, `e2e-reject-${Date.now()}`);

  // The requester may not reject their own request (they withdraw it instead).
  const own = await requester.page.request.post(`/bff/approvals/${id}/reject`, {
    headers: CSRF,
    data: { reason: 'Mine.' },
  });
  expect(own.status()).toBe(403);

  const b = approver.page;
  await b.goto(`/approvals/${id}`);
  await b.getByRole('button', { name: 'Reject' }).click();
  await expect(b.getByText('Say why you reject it: the requester reads it.')).toBeVisible();
  await expect(b.getByLabel('Reason for rejecting')).toBeFocused();
  await b.getByLabel('Reason for rejecting').fill('Wrong contract: this fee belongs to C2000.');
  await b.getByRole('button', { name: 'Reject' }).click();
  await expect(b.getByTestId('approval-status')).toHaveText('rejected');

  const a = requester.page;
  await a.goto(`/approvals/${id}`);
  await expect(a.getByTestId('approval-outcome')).toContainText('Rejected: nothing was booked');
  await expect(a.getByTestId('approval-outcome')).toContainText(
    `${APPROVER.username} gave this reason: Wrong contract: this fee belongs to C2000.`,
  );
  await expectAccessible(a);
  await screenshot(a, { path: `${SHOTS}/rejected-requester.png`, fullPage: true });
  // Switched to German on the page: the approvals' own catalogue comes in German too.
  await a.getByLabel('Language').selectOption('de');
  await expect(a.getByRole('heading', { level: 1, name: 'Freigabeanfrage' })).toBeVisible();
  await expect(a.getByTestId('approval-outcome')).toContainText('Abgelehnt: Es wurde nichts gebucht');
  await expect(a.getByTestId('approval-outcome')).toContainText(`${APPROVER.username} hat das so begründet:`);
  await a.getByLabel('Sprache').selectOption('en');
  // Listed among the decided ones, not the pending (the requester's own decided ones are above the list).
  await a.goto('/approvals?status=rejected');
  await expect(
    a.getByRole('table', { name: 'Requests, newest first' }).locator(`a[href="/approvals/${id}"]`),
  ).toBeVisible();
  await a.goto('/approvals');
  await expect(
    a.getByRole('table', { name: 'Requests, newest first' }).locator(`a[href="/approvals/${id}"]`),
  ).toHaveCount(0);

  await requester.context.close();
  await approver.context.close();
});

test('the requester learns from the navigation that their request was rejected, and reads why on the approvals page', async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const a = requester.page;
  // Whatever was decided for them before is seen: the note starts from nothing.
  await a.goto('/approvals');
  const approvalsLink = a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ });
  await expect(approvalsLink).not.toHaveAccessibleName(/decided since you last looked/);
  // The visit is recorded once the page has shown earlier decisions (a POST): settled before the new decision,
  // and the requester is elsewhere when it comes — on the approvals page they would see it as it arrives.
  await a.waitForLoadState('networkidle');
  await a.goto('/tools/validators');
  await a.waitForLoadState('networkidle');
  const id = await requestApproval(a, `e2e-told-${Date.now()}`);

  const reject = await approver.page.request.post(`/bff/approvals/${id}/reject`, {
    headers: CSRF,
    data: { reason: 'Duplicate of last month’s fee.' },
  });
  expect(reject.status()).toBe(200);

  // On another page, after a reload: the navigation says it, in the link's name and in a status message.
  await a.reload();
  await expect(approvalsLink).toHaveAccessibleName(/1 of your requests decided since you last looked/);
  await expect(a.getByTestId('decided-for-me-announcement')).toHaveText(
    'Approvals: 1 of your requests decided since you last looked.',
  );
  await approvalsLink.click();
  const mine = a.getByTestId('my-decided-requests');
  const row = mine.getByRole('row').filter({ has: a.locator(`a[href="/approvals/${id}"]`) });
  await expect(row).toContainText('rejected');
  await expect(row).toContainText('new');
  await expect(row).toContainText(APPROVER.username);
  await expect(row).toContainText('Duplicate of last month’s fee.');
  await expectAccessible(a);
  await screenshot(a, { path: `${SHOTS}/decided-for-requester.png`, fullPage: true });
  // Seen now, for this person wherever they sign in: the note is gone after a reload.
  await expect(approvalsLink).not.toHaveAccessibleName(/decided since you last looked/);
  await a.reload();
  await expect(mine).toBeVisible();
  await expect(approvalsLink).not.toHaveAccessibleName(/decided since you last looked/);

  await requester.context.close();
  await approver.context.close();
});

test('the requester withdraws their request; nobody can approve it afterwards', async ({ browser }) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const id = await requestApproval(requester.page, `e2e-withdraw-${Date.now()}`);

  const b = approver.page;
  // B opens it while it is pending; A withdraws it meanwhile.
  await b.goto(`/approvals/${id}`);
  await expect(b.getByRole('button', { name: 'Approve and book' })).toBeVisible();
  const a = requester.page;
  await a.goto(`/approvals/${id}`);
  await a.getByRole('button', { name: 'Withdraw the request' }).click();
  await expect(a.getByTestId('approval-outcome')).toHaveText(
    'Withdrawn by the requester: nothing was booked.',
  );

  // B's page is stale: the server refuses, the page says so and shows what became of it.
  await b.getByLabel('Your password').fill(APPROVER.password);
  await b.getByRole('button', { name: 'Approve and book' }).click();
  await expect(b.getByTestId('approval-status')).toHaveText('withdrawn');
  await expect(b.getByTestId('approval-problem')).toContainText('it cannot be approved now');
  await expect(b.getByRole('button', { name: 'Approve and book' })).toHaveCount(0);
  await expect(b.getByTestId('approval-outcome')).toHaveText(
    'Withdrawn by the requester: nothing was booked.',
  );

  await requester.context.close();
  await approver.context.close();
});

/** Three charges of 500.00 € on the seed contract: 1,500.00 € gross in all, at the approval threshold. */
function bulkFileAtThreshold(): Buffer {
  const header =
    'user_id,contract_id,type_of_transaction,amount_cent,is_gross,vat_type,due_date,input_id,display_name';
  const stamp = Date.now();
  const rows = [1, 2, 3].map(
    (n) =>
      `P1000,C1000,charge,50000,true,normal,${inAWeek()},e2e-bulk-approval-${stamp}-${n},Meter exchange ${n}`,
  );
  return Buffer.from(`${header}\n${rows.join('\n')}\n`);
}

test('a bulk charges campaign at the threshold waits until a second person approves it, then runs', async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const a = requester.page;
  await a.goto('/bulk/charges');
  await a.getByLabel('CSV file').setInputFiles({
    name: 'meter-exchange.csv',
    mimeType: 'text/csv',
    buffer: bulkFileAtThreshold(),
  });
  await a.getByRole('button', { name: 'Run for 3 rows…' }).click();
  await expect(a.getByTestId('bulk-approval-notice')).toContainText(
    'Charges and credits of €1,000.00 gross or more are booked only when a second person approves them.',
  );
  await a.getByRole('button', { name: 'Start campaign on sandbox' }).click();
  await expect(a.getByTestId('campaign-status')).toHaveText('awaiting approval');
  await expect(a.getByTestId('campaign-awaiting-approval')).toContainText(
    "Waiting for a second person's approval: nothing is sent before.",
  );
  await expect(a.getByTestId('campaign-done')).toHaveText('0');
  await expectAccessible(a);
  await screenshot(a, { path: `${SHOTS}/bulk-awaiting-approval.png`, fullPage: true });
  await a.getByRole('link', { name: 'Open its approval request' }).click();
  await expect(a.getByTestId('own-request')).toBeVisible();
  const approvalUrl = a.url();

  const b = approver.page;
  await b.goto(approvalUrl);
  await expect(b.getByTestId('approval-subject')).toHaveText('Bulk file meter-exchange.csv, 3 rows');
  const campaign = b.getByRole('region', { name: 'The bulk campaign' });
  await expect(campaign).toContainText('meter-exchange.csv');
  await expect(campaign.getByRole('table', { name: 'Totals' })).toContainText('€1,500.00');
  await expect(campaign.getByRole('list')).toHaveText('P1000/C1000');
  // Row by row, what each books and whether it is sent (issue 42: totals alone hid repeats).
  const rows = campaign.getByRole('table', { name: 'Rows of the file' });
  await expect(rows.getByRole('row')).toHaveCount(4);
  await expect(rows.getByRole('row').nth(1)).toContainText('Meter exchange 1');
  await expect(rows.getByRole('row').nth(1)).toContainText('sent when approved');
  // Someone else's campaign is not theirs to open; the approval says all there is to approve.
  await expect(b.getByRole('link', { name: 'Open the campaign' })).toHaveCount(0);
  await expectAccessible(b);
  await screenshot(b, { path: `${SHOTS}/bulk-approval-approver.png`, fullPage: true });
  await b.getByLabel('Your password').fill(APPROVER.password);
  await b.getByRole('button', { name: 'Approve and start' }).click();
  await expect(b.getByTestId('approval-outcome')).toContainText('Approved: the campaign has started');

  // The requester's campaign page follows: it runs and books the three rows.
  await a.getByRole('link', { name: 'Open the campaign' }).click();
  await expect(a.getByTestId('campaign-status')).toHaveText('done', { timeout: 30_000 });
  await expect(a.getByTestId('campaign-done')).toHaveText('3');
  await expect(a.getByTestId('campaign-failed')).toHaveText('0');

  await requester.context.close();
  await approver.context.close();
});

test('an approver whose session ended is sent to sign in, not told to re-authenticate; nothing is approved', async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const approver = await staffBrowser(browser, APPROVER);
  const id = await requestApproval(requester.page, `e2e-expired-session-${Date.now()}`);
  const b = approver.page;
  await b.goto(`/approvals/${id}`);
  await b.getByLabel('Your password').fill(APPROVER.password);
  await approver.context.clearCookies();
  await b.getByRole('button', { name: 'Approve and book' }).click();
  await expect(b).toHaveURL(/\/sign-in\?/);
  await expect(b.getByTestId('step-up')).toHaveCount(0);
  const approval = await requester.page.request.get(`/bff/approvals/${id}`, { headers: CSRF });
  expect(approvalSchema.parse(await approval.json()).status).toBe('pending');

  await requester.context.close();
  await approver.context.close();
});

test('an SSO operator approves after signing in again at the company provider: the step-up link and back', async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const id = await requestApproval(requester.page, `e2e-sso-${Date.now()}`);
  const context = await browser.newContext({ locale: 'en-US' });
  const b = await context.newPage();
  // The provider's development pages ask Google for a font: no internet here, and no console error wanted.
  await b.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  const signInAtProviderIfAsked = async () => {
    await b.waitForURL(
      (url) => url.pathname.startsWith('/interaction/') || url.pathname === `/approvals/${id}`,
    );
    if (!new URL(b.url()).pathname.startsWith('/interaction/')) return;
    await b.locator('input[name="login"]').fill('ada');
    await b.locator('input[name="password"]').fill('any password');
    await b.getByRole('button', { name: 'Sign-in' }).click();
  };
  await b.goto(`/approvals/${id}`);
  await b.getByRole('link', { name: 'Sign in with SSO' }).click();
  await signInAtProviderIfAsked();
  await expect(b.getByRole('heading', { level: 1, name: 'Approval request' })).toBeVisible();
  await expect(b.getByLabel('Your password')).toHaveCount(0);
  await expect(b.getByText("Approving needs a sign-in at your company's sign-in service")).toBeVisible();

  // A sign-in that did not say when it happened is no proof: the page offers the provider, nothing is decided.
  await b.getByRole('button', { name: 'Approve and book' }).click();
  const stepUp = b.getByTestId('step-up');
  await expect(stepUp).toContainText("Approving needs a fresh sign-in at your company's sign-in service");
  await expect(b.getByTestId('approval-status')).toHaveText('waiting for approval');
  await expectAccessible(b);
  await screenshot(b, { path: `${SHOTS}/sso-step-up.png`, fullPage: true });
  await stepUp.getByRole('link', { name: "Sign in again at your company's sign-in service" }).click();
  await signInAtProviderIfAsked();
  await expect(b).toHaveURL((url) => url.pathname === `/approvals/${id}`);
  await b.getByRole('button', { name: 'Approve and book' }).click();
  await expect(b.getByTestId('approval-status')).toHaveText('approved and booked');
  await expect(b.getByText('by Ada Lovelace,')).toBeVisible();

  await requester.context.close();
  await context.close();
});

test("the requester who approves through a stale page (signed in anew as themself) is shown the server's refusal", async ({
  browser,
}) => {
  const requester = await staffBrowser(browser, OPERATOR);
  const id = await requestApproval(requester.page, `e2e-stale-${Date.now()}`);
  // The page was opened by the second person; the requester then signs in in the same browser elsewhere.
  const shared = await staffBrowser(browser, APPROVER);
  const page = shared.page;
  await page.goto(`/approvals/${id}`);
  await expect(page.getByRole('button', { name: 'Approve and book' })).toBeVisible();
  await shared.context.clearCookies();
  const signedIn = await page.request.post('/bff/login', { headers: CSRF, data: OPERATOR });
  expect(signedIn.status()).toBe(200);
  await page.getByLabel('Your password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Approve and book' }).click();
  await expect(page.getByTestId('approval-problem')).toHaveText(
    'You asked for this: a second person must approve it (admins too).',
  );
  await expect(page.getByTestId('approval-problem')).toBeFocused();
  await expect(page.getByTestId('approval-status')).toHaveText('waiting for approval');

  await requester.context.close();
  await shared.context.close();
});
