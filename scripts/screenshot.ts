// Takes the README screenshots against a running `npm start` (PORT, BFF_ADMIN_PASSWORD as given to it).
import { chromium } from '@playwright/test';

const base = process.env.SCREENSHOT_URL ?? 'http://127.0.0.1:8080';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
await page.goto(`${base}/sign-in`);
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill(process.env.BFF_ADMIN_PASSWORD ?? '');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByLabel('IBAN').fill('de89 3704 0044 0532 0130 00');
await page.getByLabel('Market location ID').fill('51238696780');
await page.getByLabel('Preferred delivery start').fill('2025-06-17');
await page.waitForTimeout(1500);
await page.screenshot({ path: 'docs/images/validators.png' });

await page.goto(`${base}/consumers/migrate`);
const field = (name: string) => page.locator(`[name="${name}"]`);
await field('user_id').fill('K-100234');
await field('first_name').fill('Erika');
await field('last_name').fill('Mustermann');
await field('email').fill('erika@example');
await page.getByRole('button', { name: 'Migrate consumer' }).click();
await field('email').fill('erika@example.org');
await field('meteringpoint_id').fill('51238696781');
await field('base_fee_price_brutto').fill('11.90');
await page.getByLabel('Payment method').selectOption('direct_debit');
await field('bank_data_iban').fill('de89 3704 0044 0532 0130 00');
await page.waitForTimeout(1500);
await page.evaluate(() => window.scrollTo(0, 0));
await page.screenshot({ path: 'docs/images/consumer-migration.png' });

await page.goto(
  `${base}/reports/feed-in?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&compare=previous`,
);
await page.locator('.feed-chart svg.recharts-surface').waitFor();
await page.screenshot({ path: 'docs/images/feed-report.png', fullPage: true });
await browser.close();
