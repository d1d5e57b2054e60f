import { approvalSchema } from '../src/contract/approvals.ts';
import { expectNoEnglishWords } from './english-leftovers.ts';
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

const SHOTS = 'test-results/screenshots/every-page';
/**
 * The console's two layouts (the breakpoint is 900 px: 768 px shows the phone's), each judged once per page and
 * language by axe in one colour scheme — the phone light, the desktop dark — so both layouts and both schemes are
 * scanned (the colour-contrast rule sees the scheme; the layout rules see the width). Screenshots of both schemes at
 * both widths when asked (`E2E_SCREENSHOTS=1`).
 */
const LAYOUTS = [
  { viewport: { width: 390, height: 844 }, scanned: 'light' },
  { viewport: { width: 1440, height: 900 }, scanned: 'dark' },
] as const;
const LANGUAGES = [
  { language: 'en', locale: 'en-US' },
  { language: 'de', locale: 'de-DE' },
] as const;

/** Every page of the console, as an admin (who sees them all) opens it. */
const PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'sign-in', path: '/sign-in', signedIn: false },
  { name: 'validators', path: '/tools/validators', signedIn: true },
  { name: 'migrate', path: '/consumers/migrate', signedIn: true },
  { name: 'charges', path: '/producers/charges?user=P1000&contract=C1000', signedIn: true },
  {
    name: 'feed-in-report',
    path: '/reports/feed-in?user=P1000&contract=C1000&from=2025-06-01&to=2025-06-07&agg=day',
    signedIn: true,
  },
  { name: 'bulk-charges', path: '/bulk/charges', signedIn: true },
  { name: 'bulk-migrations', path: '/bulk/migrations', signedIn: true },
  { name: 'technical-resources', path: '/master-data/technical-resources', signedIn: true },
  { name: 'accounts', path: '/admin/accounts', signedIn: true },
  { name: 'audit', path: '/admin/audit', signedIn: true },
  { name: 'account', path: '/account', signedIn: true },
  { name: 'approvals', path: '/approvals', signedIn: true },
  // An operator's charge waiting for the admin's decision (created in beforeAll).
  { name: 'approval', path: '/approvals/:pending', signedIn: true },
  { name: 'not-found', path: '/no-such-page', signedIn: true },
];

let pendingApproval = '';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ locale: 'en-US' });
  await ensureStaff(page);
  await signIn(page, OPERATOR);
  const created = await page.request.post('/bff/approvals', {
    headers: { 'x-csrf': '1' },
    data: {
      method: 'POST',
      path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      body: {
        input_id: `e2e-sweep-${Date.now()}`,
        type_of_transaction: 'charge',
        amount_cent: 120_000,
        is_gross: true,
        vat_type: 'normal',
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        no_of_executions: 3,
        execution_cycle: 'month',
        display_name: 'Anschlussgebühr',
      },
    },
  });
  expect(created.status()).toBe(201);
  pendingApproval = approvalSchema.parse(await created.json()).id;
  await page.close();
});

for (const { language, locale } of LANGUAGES) {
  test.describe(`every page in ${language === 'en' ? 'English' : 'German'}`, () => {
    test.use({ locale });

    for (const { name, path, signedIn } of PAGES) {
      test(`${name}: axe-clean at 390 px (light) and 1440 px (dark)${language === 'de' ? ', no English words' : ''}`, async ({
        page,
      }) => {
        if (signedIn) await signIn(page, ADMIN);
        for (const { viewport, scanned } of LAYOUTS) {
          await page.setViewportSize(viewport);
          await page.goto(path.replace(':pending', pendingApproval));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          // Whatever the page loads first (a report's data) has arrived before it is judged.
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          if (language === 'de') await expectNoEnglishWords(page);
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
      });
    }
  });
}
