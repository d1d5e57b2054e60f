import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoEnglishWords } from './english-leftovers.ts';
import { ADMIN, expect, expectAccessible, signIn, test, screenshot } from './fixtures.ts';
import { expectNoSidewaysScroll } from './no-sideways-scroll.ts';

const REPORT = '/reports/feed-in';
const SHOTS = 'test-results/screenshots';
const C1000 = `${REPORT}?user=P1000&contract=C1000`;

const heatmapTable = (page: Page, name = 'Days of the heatmap') => page.getByRole('region', { name });
const dayRow = (page: Page, date: string, name?: string) =>
  heatmapTable(page, name).getByRole('row', { name: new RegExp(`^${date}\\b`) });
const surface = (page: Page) => page.locator('.heatmap__surface');
const liveText = (page: Page) => page.locator('.heatmap__holder [aria-live="polite"]');

/** The heatmap drawn for exactly this range and zone (the canvas says so once drawn). */
async function heatmapDrawn(page: Page, from: string, to: string, zone: string) {
  await expect(page.locator('canvas.heatmap__canvas')).toHaveAttribute(
    'data-drawn-for',
    `${from}/${to}/heatmap/${zone}`,
    { timeout: 30_000 },
  );
}

async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, { path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('feed-in report views', () => {
  test('heatmap on Berlin’s clock-change days: 92 and 100 quarter hours, walked by keyboard', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${C1000}&from=2025-03-29&to=2025-03-31&agg=hour&tz=Europe/Berlin&view=heatmap`);
    await heatmapDrawn(page, '2025-03-29', '2025-03-31', 'Europe/Berlin');
    await expect(page.getByRole('button', { name: 'Heatmap' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('The heatmap always draws quarter-hour values')).toBeVisible();
    await expect(dayRow(page, '2025-03-30')).toContainText('23');
    await expect(dayRow(page, '2025-03-30').getByRole('cell').nth(3)).toHaveText('92');
    await expect(dayRow(page, '2025-03-29').getByRole('cell').nth(3)).toHaveText('96');

    // The keyboard cursor: 01:45 is followed by 03:00 on the spring day.
    await surface(page).focus();
    await expect(liveText(page)).toContainText('2025-03-29 00:00 +01:00 (Europe/Berlin): ');
    await page.keyboard.press('ArrowDown');
    await expect(liveText(page)).toContainText('2025-03-30 00:00 +01:00');
    for (let step = 0; step < 7; step++) await page.keyboard.press('ArrowRight');
    await expect(liveText(page)).toContainText('2025-03-30 01:45 +01:00');
    await page.keyboard.press('ArrowRight');
    await expect(liveText(page)).toContainText('2025-03-30 03:00 +02:00');
    await expect(page.locator('.heatmap__tooltip')).toContainText('2025-03-30 03:00 +02:00');
    await page.keyboard.press('End');
    await expect(liveText(page)).toContainText('2025-03-30 23:45 +02:00');
    await page.keyboard.press('ArrowRight');
    await expect(liveText(page)).toContainText('2025-03-31 00:00 +02:00');
    await expectAccessible(page);
    await screenshots(page, 'feed-report-heatmap-spring-en-1440');

    await page.goto(`${C1000}&from=2025-10-26&to=2025-10-26&agg=raw&tz=Europe/Berlin&view=heatmap`);
    await heatmapDrawn(page, '2025-10-26', '2025-10-26', 'Europe/Berlin');
    await expect(page.getByText('The heatmap always draws quarter-hour values')).toHaveCount(0);
    await expect(dayRow(page, '2025-10-26')).toContainText('25');
    await expect(dayRow(page, '2025-10-26').getByRole('cell').nth(3)).toHaveText('100');
    await surface(page).focus();
    for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowRight');
    await expect(liveText(page)).toContainText('2025-10-26 02:00 +02:00');
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    await expect(liveText(page)).toContainText('2025-10-26 02:00 +01:00');
    await screenshots(page, 'feed-report-heatmap-autumn-en-1440');
  });

  test('heatmap across the gap day: the day is no data, Excel lists the days, the PNG is the canvas', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(`${C1000}&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&capacity_kw=40`);
    await page.getByRole('button', { name: 'Heatmap' }).click();
    await expect(page).toHaveURL(/view=heatmap/);
    await heatmapDrawn(page, '2025-08-10', '2025-08-14', 'Europe/Berlin');
    await expect(dayRow(page, '2025-08-12')).toContainText('no data');
    await expect(dayRow(page, '2025-08-12')).toContainText('0 of 96');
    await expect(dayRow(page, '2025-08-11')).toContainText('complete');
    // Specific yield: in the summary beside the capacity factor, and per day.
    await expect(
      page.locator('.report-summary > div').filter({ hasText: 'Specific yield' }).getByRole('definition'),
    ).toHaveText(/^[\d,.]+ kWh\/kWp$/);
    await expect(dayRow(page, '2025-08-12').getByRole('cell').last()).toHaveText('—');
    await expect(dayRow(page, '2025-08-11').getByRole('cell').last()).toHaveText(/^\d+(\.\d+)?$/);
    // The cursor on the gap day says so.
    await surface(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(liveText(page)).toHaveText('2025-08-12 00:00 +02:00 (Europe/Berlin): no data');
    await expectAccessible(page);

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download for Excel' }).click();
    const excelFile = await excel;
    expect(excelFile.suggestedFilename()).toBe(
      'feed-in_P1000_C1000_2025-08-10_2025-08-14_day_Europe-Berlin_heatmap_excel-en.csv',
    );
    const lines = readFileSync(await excelFile.path(), 'utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(6);
    // The nameplate power is entered: each day's specific yield in the last column, empty without values.
    expect(lines[0]).toMatch(/,Status,Specific yield \(kWh\/kWp\)$/);
    expect(lines[2]).toMatch(/,complete,\d+\.\d{3}$/);
    expect(lines[3]).toBe('2025-08-12,2025-08-12 00:00,2025-08-13 00:00,24,,0,96,0.0,no data,');

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const pngPath = `${SHOTS}/feed-report-heatmap-export.png`;
    await (await png).saveAs(pngPath);
    const bytes = readFileSync(pngPath);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(1000); // the canvas at twice its width
  });

  test('heatmap in Asia/Kolkata: days start at 00:00 +05:30 (18:30 UTC), 96 quarter hours each', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(`${C1000}&from=2025-07-01&to=2025-07-03&agg=day&tz=Asia/Kolkata&view=heatmap`);
    await heatmapDrawn(page, '2025-07-01', '2025-07-03', 'Asia/Kolkata');
    for (const date of ['2025-07-01', '2025-07-02', '2025-07-03'])
      await expect(dayRow(page, date).getByRole('cell').nth(3)).toHaveText('96');
    await surface(page).focus();
    await expect(liveText(page)).toContainText('2025-07-01 00:00 +05:30 (Asia/Kolkata)');
    await page.keyboard.press('ArrowLeft'); // the first quarter hour stays the first
    await expect(liveText(page)).toContainText('2025-07-01 00:00 +05:30');
    await page.keyboard.press('PageDown');
    await expect(liveText(page)).toContainText('2025-07-03 00:00 +05:30');
  });

  test('a year of raw values as a heatmap: every day drawn from the loaded values, redrawn with the theme', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1440, height: 900 });
    // Loaded once (the raw chart shares the query), then the heatmap drawn from the loaded values. Its timings
    // are figures of `npm run bench:ui`, not assertions here.
    await page.goto(`${C1000}&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin`);
    await expect(page.locator('.feed-chart .chart-series__line')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Heatmap' }).click();
    await heatmapDrawn(page, '2025-01-01', '2025-12-31', 'Europe/Berlin');
    const canvas = page.locator('canvas.heatmap__canvas');
    await expect(heatmapTable(page).locator('table')).toHaveAttribute('aria-rowcount', '366');
    // The table renders the days in view (windowed): the 224th day is scrolled to.
    await heatmapTable(page).evaluate((region) => (region.scrollTop = 223 * 33));
    await expect(dayRow(page, '2025-08-12')).toContainText('no data');
    // A redraw on loaded data: the theme changes its colours.
    const lightDraws = Number(await canvas.getAttribute('data-draw-count'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-draw-count')))
      .toBeGreaterThan(lightDraws);
    await screenshots(page, 'feed-report-heatmap-year-en-1440');
    // A fresh page straight to the year's heatmap.
    await page.goto(`${C1000}&from=2025-01-01&to=2025-12-31&agg=month&tz=Europe/Berlin&view=heatmap`);
    await heatmapDrawn(page, '2025-01-01', '2025-12-31', 'Europe/Berlin');
    await expect(heatmapTable(page).locator('table')).toHaveAttribute('aria-rowcount', '366');
    // Printed however printing starts (Ctrl+P too): every day, not only those in view.
    const days = heatmapTable(page).locator('tbody tr:not([aria-hidden])');
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(days).toHaveCount(365);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => days.count()).toBeLessThan(100);
  });

  test('duration curve: complete periods sorted, the gap day left off, the comparison as a second curve', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(`${C1000}&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&view=duration`);
    const chart = page.locator('.feed-chart');
    await expect(chart.locator('.chart-series__line')).toHaveCount(1);
    await expect(page.getByText('Sorted from 4 complete periods')).toBeVisible();
    await expect(page.getByText('Left off: 1 period without all its values')).toBeVisible();
    const table = page.getByRole('region', { name: 'Duration curve as a table' });
    await expect(table.locator('tbody tr')).toHaveCount(11);
    await expect(table.getByRole('row', { name: /^0%/ })).toBeVisible();
    // The curve walked by keyboard: the peak at the start of the time.
    await chart.locator('.chart-surface').focus();
    await page.keyboard.press('End');
    await expect(chart.getByText(/^100% of the time; This range: /)).toBeAttached();
    await page.keyboard.press('Home');
    await expect(chart.getByText('0% of the time; This range: 58.742 kWh')).toBeAttached();
    await expectAccessible(page);

    await page.goto(
      `${C1000}&from=2025-08-10&to=2025-08-14&agg=raw&tz=Europe/Berlin&view=duration&compare=previous`,
    );
    await expect(chart.locator('.chart-series__line')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByText('Sorted from 384 complete periods')).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Previous period (kWh)' })).toBeVisible();
    await screenshots(page, 'feed-report-duration-en-1440');

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download for Excel' }).click();
    const lines = readFileSync(await (await excel).path(), 'utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Share of the time (%),Reached or exceeded (kWh),Previous period (kWh)');
    expect(lines).toHaveLength(12);

    // One year row: nothing to sort.
    await page.goto(`${C1000}&from=2025-01-01&to=2025-12-31&agg=year&tz=Europe/Berlin&view=duration`);
    await expect(page.getByText('A duration curve needs at least two complete periods')).toBeVisible();
  });

  test('cumulative: the running sum, beside a year earlier’s when asked, interrupted over the gap day', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const chart = page.locator('.feed-chart');
    // Compare off: the running sum alone (issue 42: it drew a year earlier without being asked).
    await page.goto(`${C1000}&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&view=cumulative`);
    await expect(chart.locator('.chart-series__line')).toHaveCount(1);
    await page.goto(
      `${C1000}&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&view=cumulative&compare=year`,
    );
    await expect(chart.locator('.chart-series__line')).toHaveCount(2);
    await expect(chart.locator('.chart-surface')).toHaveAttribute(
      'aria-label',
      /^Cumulative feed-in in kWh, Europe\/Berlin: /,
    );
    const table = page.getByRole('region', { name: 'Running sums as a table' });
    await expect(table.getByRole('columnheader', { name: 'A year earlier (kWh)' })).toBeVisible();
    await expect(table.getByRole('row', { name: /^2025-08-12/ })).toContainText('no data');
    // The last period's sums by keyboard, beside the year earlier's.
    await chart.locator('.chart-surface').focus();
    await page.keyboard.press('End');
    await expect(
      chart.getByText(
        /^Up to the end of 2025-08-14 \(Europe\/Berlin\); This range: [\d.,]+ kWh; A year earlier: [\d.,]+ kWh$/,
      ),
    ).toBeAttached();
    // After the gap the sum goes on where it stopped.
    const sums = await table
      .locator('tbody tr td:nth-child(2)')
      .allInnerTexts()
      .then((texts) => texts.map((text) => Number(text.replace(/,/g, ''))));
    expect(sums[3]).toBeGreaterThan(sums[1]!);
    await expectAccessible(page);
    await screenshots(page, 'feed-report-cumulative-en-1440');

    // Raw values: the table lists each day's end, the chart is thinned to its width.
    await page.goto(
      `${C1000}&from=2025-10-25&to=2025-10-27&agg=raw&tz=Europe/Berlin&view=cumulative&compare=previous`,
    );
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.getByRole('columnheader', { name: 'Previous period (kWh)' })).toBeVisible();
    // One year row: nothing to add up.
    await page.goto(`${C1000}&from=2025-01-01&to=2025-12-31&agg=year&tz=Europe/Berlin&view=cumulative`);
    await expect(page.getByText('The range is one period')).toBeVisible();

    // A year of days: the table's 365 rows are windowed, and printed in full however printing starts.
    await page.goto(`${C1000}&from=2025-01-01&to=2025-12-31&agg=day&tz=Europe/Berlin&view=cumulative`);
    await expect(table.locator('table')).toHaveAttribute('aria-rowcount', '366');
    const days = table.locator('tbody tr:not([aria-hidden])');
    await expect.poll(() => days.count()).toBeLessThan(100);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(days).toHaveCount(365);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => days.count()).toBeLessThan(100);
  });
});

for (const language of ['en', 'de'] as const) {
  test.describe(`feed-in report views at 390 and 1440 px (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test(`each view fits a phone and a wide screen, light and dark (${language})`, async ({ page }) => {
      test.setTimeout(180_000); // three views, two widths, two themes
      await signIn(page, ADMIN);
      for (const view of ['heatmap', 'duration', 'cumulative'] as const) {
        for (const [width, height] of [
          [390, 844],
          [1440, 900],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto(
            `${C1000}&from=2025-08-01&to=2025-08-31&agg=day&tz=Europe/Berlin&view=${view}&capacity_kw=40`,
          );
          if (view === 'heatmap') await heatmapDrawn(page, '2025-08-01', '2025-08-31', 'Europe/Berlin');
          else await expect(page.locator('.feed-chart .chart-series__line').first()).toBeVisible();
          await expectNoSidewaysScroll(page);
          await expectAccessible(page);
          if (language === 'de') await expectNoEnglishWords(page);
          await screenshots(page, `feed-report-${view}-${language}-${width}`);
        }
      }
    });
  });
}
