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

/** Milliseconds from an action to the chart drawn for `drawnFor`, timed in the page frame by frame. */
async function timeRedraw(page: Page, action: () => Promise<unknown>, drawnFor: string): Promise<number> {
  const started = await page.evaluate(() => performance.now());
  await action();
  const drawn = await page.waitForFunction(
    (key) =>
      document.querySelector<HTMLElement>('.feed-chart')?.dataset.drawnFor === key
        ? performance.now()
        : false,
    drawnFor,
    { polling: 'raf' },
  );
  return ((await drawn.jsonValue()) as number) - started;
}

const kwh = (value: unknown) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(
    Number(value),
  );

/** A table row by its period label (the row header). */
function row(page: Page, label: string) {
  return table(page).getByRole('row', { name: new RegExp(`^${label.replace(/[+]/g, '\\+')}\\b`) });
}

/** Rows of the table, header included (the table is virtualised: aria-rowcount tells them all). */
async function expectRowCount(page: Page, rows: number) {
  await expect(table(page).locator('table')).toHaveAttribute('aria-rowcount', String(rows + 1));
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
    const gapRow = row(page, '2025-08-12');
    await expect(gapRow).toContainText('no data');
    await expectRowCount(page, 5);
    await expect(row(page, '2025-08-11')).not.toContainText('no data');
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
    await expectRowCount(page, 25);
    await expect(row(page, '2025-10-26 02:00 +02:00')).toBeVisible();
    await expect(row(page, '2025-10-26 02:00 +01:00')).toBeVisible();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-03-30&to=2025-03-30&agg=hour&tz=Europe/Berlin`,
    );
    await expectRowCount(page, 23);
    await expect(row(page, '2025-03-30 02:00')).toHaveCount(0);
    await expect(row(page, '2025-03-30 03:00 +02:00')).toBeVisible();
  });

  test('each control writes the URL and reloads the data: range, step, aggregation, zone', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-01&to=2025-08-31&agg=day&tz=Europe/Berlin`,
    );
    await expectRowCount(page, 31);

    await page.getByRole('button', { name: 'Next ›' }).click();
    await expect(page).toHaveURL(/from=2025-09-01&to=2025-09-30/);
    await expectRowCount(page, 30);
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await expect(page).toHaveURL(/from=2025-07-01&to=2025-07-31/);

    await page.getByLabel('Aggregation').selectOption('week');
    await expect(page).toHaveURL(/agg=week/);
    await expect(row(page, '2025-W27')).toBeVisible();

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('kolk');
    await page.getByRole('option', { name: /Asia\/Kolkata/ }).click();
    await expect(page).toHaveURL(/tz=Asia%2FKolkata/);
    await expect(zone).toHaveValue('Asia/Kolkata');
    await page.getByLabel('Aggregation').selectOption('day');
    const [kolkataDay] = await apiRecords(page, {
      start: '2025-06-30T18:30:00Z',
      end: '2025-07-01T18:30:00Z',
      aggregation_type: 'day',
      timezone: 'Asia/Kolkata',
    });
    await expect(row(page, '2025-07-01')).toContainText(kwh(kolkataDay!.energy_kwh));

    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(page).toHaveURL(/tz=UTC/);

    await page.getByLabel('Range', { exact: true }).selectOption('last-month');
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
    await expectRowCount(page, 35_040);
    // The gap day: 96 quarter hours without data.
    await expect(page.getByRole('definition').filter({ hasText: 'of 35040' })).toContainText('96 of 35040');
    // Redraws of data already fetched: back to Berlin after UTC, back to raw after days.
    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(page.locator('.feed-chart')).toHaveAttribute(
      'data-drawn-for',
      '2025-01-01/2025-12-31/raw/UTC',
    );
    await page.goBack();
    await expect(page.locator('.feed-chart')).toHaveAttribute(
      'data-drawn-for',
      '2025-01-01/2025-12-31/raw/Europe/Berlin',
    );
    await page.getByLabel('Aggregation').selectOption('day');
    await expect(page.locator('.feed-chart')).toHaveAttribute(
      'data-drawn-for',
      '2025-01-01/2025-12-31/day/Europe/Berlin',
    );
    const zoneRedraw = await timeRedraw(
      page,
      () => page.getByRole('button', { name: 'UTC', exact: true }).click(),
      '2025-01-01/2025-12-31/day/UTC',
    );
    console.log(
      `zone change, day aggregates fetched before? no: ${zoneRedraw.toFixed(0)} ms (includes the fetch)`,
    );
    const backToBerlin = await timeRedraw(
      page,
      () => page.goBack(),
      '2025-01-01/2025-12-31/day/Europe/Berlin',
    );
    const backToRaw = await timeRedraw(page, () => page.goBack(), '2025-01-01/2025-12-31/raw/Europe/Berlin');
    console.log(
      `redraw for cached data: zone ${backToBerlin.toFixed(0)} ms, aggregation (35,040 raw rows) ${backToRaw.toFixed(0)} ms (budget 100 ms)`,
    );
    // A raw comparison is a second line of its own.
    await page.getByLabel('Compare with').selectOption('previous');
    await expect(page.locator('.feed-chart .recharts-line-curve')).toHaveCount(2, { timeout: 30_000 });
  });

  test('a viewer reads a report, cannot book, and the page passes axe; screenshots', async ({ page }) => {
    await signIn(page, VIEWER);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&compare=previous`,
    );
    await expect(row(page, '2025-08-12')).toContainText('no data');
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
