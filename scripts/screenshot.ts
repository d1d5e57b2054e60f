// Takes the README screenshot against a running `npm start` (PORT, BFF_ADMIN_PASSWORD as given to it).
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
await browser.close();
