import type { Browser, Page } from '@playwright/test';
import { createdSharedReportSchema, type CreatedSharedReport } from '../src/contract/shared-reports.ts';
import { expect } from './fixtures.ts';

/** The seed's week with a day without values (2025-08-12), by day: what most shared-link tests share. */
export const GAP_WEEK = {
  user: 'P1000',
  contract: 'C1000',
  from: '2025-08-10',
  to: '2025-08-14',
  agg: 'day',
};

/** A summary entry's value by its term, matched whole ("Total energy", not "A year earlier: total energy"). */
export const summaryValue = (page: Page, term: string) =>
  page
    .locator('.report-summary > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}`) }) })
    .locator('dd');

/**
 * A person outside the console: a fresh browser context, no cookie of the console, in `locale`; the page's
 * errors and the paths it asks for are kept.
 */
export async function reader(
  browser: Browser,
  locale = 'en-GB',
  width = 1440,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 }, colorScheme });
  const page = await context.newPage();
  const errors: string[] = [];
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors, asked };
}

/** Neither a cookie nor a request to the console's own routes, nor an error on the page; then closes it. */
export async function expectOutsider({ context, errors, asked }: Awaited<ReturnType<typeof reader>>) {
  expect(await context.cookies()).toEqual([]);
  expect(asked.filter((path) => /^\/(api|bff)\//.test(path))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

/** A link made through the BFF as the signed-in staff member of `page` (the form is tested once). */
export async function share(page: Page, report: Record<string, string>): Promise<CreatedSharedReport> {
  const answer = await page.request.post('/bff/shared-reports', { headers: { 'x-csrf': '1' }, data: report });
  expect(answer.status(), await answer.text()).toBe(201);
  return createdSharedReportSchema.parse(await answer.json());
}
