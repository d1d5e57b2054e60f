import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, ensureStaff, expect, expectAccessible, signIn, test, VIEWER } from './fixtures.ts';

const REPORT = '/reports/feed-in';
const SHOTS = 'test-results/screenshots';

/** The API's records for the same query, straight from the BFF (what the CSV must hold). */
async function apiRecords(page: Page, query: Record<string, string>) {
  const records: Record<string, unknown>[] = [];
  let offset = 0;
  for (;;) {
    const response = await page.request.get('/api/v3/producers/P1000/contracts/C1000/feed/', {
      headers: { 'x-csrf': '1' },
      params: { ...query, limit: '10000', offset: String(offset) },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { count: number; results: Record<string, unknown>[] };
    records.push(...body.results);
    offset += 10000;
    if (offset >= body.count) return records;
  }
}

function table(page: Page) {
  return page.getByRole('region', { name: 'Periods of the report' });
}

test.describe('feed-in report', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await ensureStaff(page);
    await page.close();
  });

  test('a day report across C1000’s gap day shows the gap as a gap, in table, summary and CSV', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Feed-in report' })).toBeVisible();
    const gapRow = table(page).getByRole('row', { name: /2025-08-12/ });
    await expect(gapRow).toContainText('no data');
    await expect(table(page).getByRole('row')).toHaveCount(6);
    await expect(table(page).getByRole('row', { name: /2025-08-11/ })).not.toContainText('no data');
    const summary = page.getByRole('definition').filter({ hasText: '1 of 5' });
    await expect(summary).toContainText('2025-08-12');
    await expect(page.locator('.feed-chart svg.recharts-surface')).toBeVisible();
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('feed-in_P1000_C1000_2025-08-10_2025-08-14_day_Europe-Berlin.csv');
    const lines = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('start_utc,end_utc,start_local,end_local,energy_kwh,sample_count');
    const records = await apiRecords(page, {
      start: '2025-08-09T22:00:00Z',
      end: '2025-08-14T22:00:00Z',
      aggregation_type: 'day',
      timezone: 'Europe/Berlin',
    });
    expect(lines.slice(1)).toEqual(
      records.map(
        (record) =>
          `${record.start},${record.end},${new Date(Date.parse(String(record.start)) + 7_200_000).toISOString().slice(0, 19)}+02:00,${new Date(Date.parse(String(record.end)) + 7_200_000).toISOString().slice(0, 19)}+02:00,${record.energy_kwh},${record.sample_count}`,
      ),
    );
    expect(lines).toHaveLength(5); // four days with values, the gap day has no record

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const image = await png;
    expect(image.suggestedFilename()).toMatch(/\.png$/);
    expect(
      readFileSync((await image.path())!)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  test('hours across the autumn and spring changes: 25 and 23 rows, the repeated hour twice', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-10-26&to=2025-10-26&agg=hour&tz=Europe/Berlin`,
    );
    await expect(table(page).getByRole('row')).toHaveCount(26);
    await expect(table(page).getByRole('row', { name: /2025-10-26 02:00 \+02:00/ })).toBeVisible();
    await expect(table(page).getByRole('row', { name: /2025-10-26 02:00 \+01:00/ })).toBeVisible();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-03-30&to=2025-03-30&agg=hour&tz=Europe/Berlin`,
    );
    await expect(table(page).getByRole('row')).toHaveCount(24);
    await expect(table(page).getByRole('row', { name: /2025-03-30 02:00/ })).toHaveCount(0);
    await expect(table(page).getByRole('row', { name: /2025-03-30 03:00 \+02:00/ })).toBeVisible();
  });

  test('each control writes the URL and reloads the data: range, step, aggregation, zone', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-01&to=2025-08-31&agg=day&tz=Europe/Berlin`,
    );
    await expect(table(page).getByRole('row')).toHaveCount(32);

    await page.getByRole('button', { name: 'Next ›' }).click();
    await expect(page).toHaveURL(/from=2025-09-01&to=2025-09-30/);
    await expect(table(page).getByRole('row')).toHaveCount(31);
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await expect(page).toHaveURL(/from=2025-07-01&to=2025-07-31/);

    await page.getByLabel('Aggregation').selectOption('week');
    await expect(page).toHaveURL(/agg=week/);
    await expect(table(page).getByRole('row', { name: /2025-W27/ })).toBeVisible();

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('kolk');
    await page.getByRole('option', { name: /Asia\/Kolkata/ }).click();
    await expect(page).toHaveURL(/tz=Asia%2FKolkata/);
    await expect(zone).toHaveValue('Asia/Kolkata');
    await page.getByLabel('Aggregation').selectOption('day');
    await expect(table(page).getByRole('row', { name: /2025-07-01/ })).toBeVisible();
    // Kolkata's day starts at 18:30 UTC the evening before.
    await expect(table(page).getByRole('row', { name: /2025-07-01/ })).toContainText('2025-06-30T18:30:00Z');

    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(page).toHaveURL(/tz=UTC/);
    await expect(table(page).getByRole('row', { name: /2025-07-01/ })).toContainText('2025-07-01T00:00:00Z');

    await page.getByLabel('Period').selectOption('last-month');
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);

    await page.getByLabel('First day').fill('2025-08-20');
    await page.getByLabel('Last day').fill('2025-08-10');
    await expect(page.getByText('The last day must not be before the first day.')).toBeVisible();
  });

  test('a year of raw values: every value in the table, the chart drawn, within the budget', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const started = Date.now();
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin`,
    );
    await expect(page.locator('.feed-chart .recharts-line-curve')).toBeVisible({ timeout: 30_000 });
    const elapsed = Date.now() - started;
    console.log(`year of raw values, navigation to drawn chart: ${elapsed} ms (budget 1500 ms)`);
    await expect(table(page).locator('table')).toHaveAttribute('aria-rowcount', String(35_040 + 1));
    // The gap day: 96 quarter hours without data.
    await expect(page.getByRole('definition').filter({ hasText: 'of 35040' })).toContainText('96 of 35040');
    const redraw = Date.now();
    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(page).toHaveURL(/tz=UTC/);
    await expect(page.locator('.feed-chart .recharts-line-curve')).toBeVisible();
    console.log(`zone change, cached raw values: ${Date.now() - redraw} ms (budget 100 ms)`);
  });

  test('a viewer reads a report, cannot book, and the page passes axe; screenshots', async ({ page }) => {
    await signIn(page, VIEWER);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&compare=previous`,
    );
    await expect(table(page).getByRole('row', { name: /2025-08-12/ })).toContainText('no data');
    await expect(page.getByRole('link', { name: /Book a charge/ })).toHaveCount(0);
    await expect(page.locator('.feed-chart .recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/feed-report-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('combobox', { name: 'Time zone' }).fill('new');
    await page.screenshot({ path: `${SHOTS}/feed-report-zone-picker.png` });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/feed-report-narrow.png`, fullPage: true });
  });
});
