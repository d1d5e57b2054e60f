import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { feedPageSchema, type FeedRecord } from '../src/contract/api/feed.ts';
import { expectNoEnglishWords } from './english-leftovers.ts';
import {
  ADMIN,
  ensureStaff,
  expect,
  expectAccessible,
  signIn,
  test,
  VIEWER,
  screenshot,
} from './fixtures.ts';
import { expectNoSidewaysScroll } from './no-sideways-scroll.ts';

const REPORT = '/reports/feed-in';
const SHOTS = 'test-results/screenshots';

/** The API's records for the same query, straight from the BFF (what the CSV must hold). */
async function apiRecords(page: Page, query: Record<string, string>) {
  const records: FeedRecord[] = [];
  let offset = 0;
  for (;;) {
    const response = await page.request.get('/api/v3/producers/P1000/contracts/C1000/feed/', {
      headers: { 'x-csrf': '1' },
      params: { ...query, limit: '10000', offset: String(offset) },
    });
    expect(response.status()).toBe(200);
    const body = feedPageSchema.parse(await response.json());
    records.push(...body.results);
    offset += 10000;
    if (offset >= body.count) return records;
  }
}

function table(page: Page) {
  return page.getByRole('region', { name: 'Periods of the report' });
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
    const lines = readFileSync(await file.path(), 'utf8')
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
      readFileSync(await image.path())
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

  test('the time-zone picker keeps every key typed at 5 ms, Enter takes the single match, Escape restores', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin`,
    );
    await expectRowCount(page, 5);
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    const hint = page.locator('#tz-hint');
    const options = page.getByRole('listbox', { name: 'Time zone' }).getByRole('option');
    await zone.fill('');
    await zone.pressSequentially('kolkata', { delay: 5 });
    await expect(zone).toHaveValue('kolkata');
    await expect(options).toHaveText([/^Asia\/Kolkata/]);
    await zone.press('Enter');
    await expect(page).toHaveURL(/tz=Asia%2FKolkata/);
    await expect(zone).toHaveValue('Asia/Kolkata');
    await expect(hint).toContainText('UTC+05:30 now');
    await expect(options).toHaveCount(0);
    await expect(row(page, '2025-08-10')).toBeVisible();

    // Several matches: the first is highlighted as you type, Enter takes it.
    await zone.fill('');
    await zone.pressSequentially('new_y', { delay: 5 });
    await expect(zone).toHaveValue('new_y');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await zone.press('Enter');
    await expect(page).toHaveURL(/tz=America%2FNew_York/);
    await expect(zone).toHaveValue('America/New_York');

    // Typed and taken at once, as staff in a hurry do: Enter 5 ms after the last key.
    await zone.fill('');
    await zone.pressSequentially('tokyo', { delay: 5 });
    await page.waitForTimeout(5);
    await zone.press('Enter');
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
    await expect(zone).toHaveValue('Asia/Tokyo');

    // Escape puts the zone back; the report keeps it.
    await zone.fill('');
    await zone.pressSequentially('new_y', { delay: 5 });
    await expect(zone).toHaveValue('new_y');
    await zone.press('Escape');
    await expect(zone).toHaveValue('Asia/Tokyo');
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
    await expect(options).toHaveCount(0);
    // Text that names no zone is put back on leaving the field.
    await zone.fill('');
    await zone.pressSequentially('nowhere', { delay: 5 });
    await expect(hint).toHaveText('No time zone matches “nowhere”.');
    await zone.press('Enter');
    await expect(zone).toHaveValue('nowhere');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(zone).toHaveValue('Asia/Tokyo');
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  });

  // Its first draw and redraw times are measured by `npm run bench:ui`.
  test('a year of raw values: every value in the table, the chart drawn for each view and back', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin`,
    );
    await expect(page.locator('.feed-chart .chart-series__line')).toBeVisible({ timeout: 30_000 });
    await expectRowCount(page, 35_040);
    // The gap day: 96 quarter hours without data.
    // Numbers in sentences are formatted: "96 of 35,040", not "96 of 35040".
    await expect(
      page
        .locator('.report-summary > div')
        .filter({ hasText: 'Periods without data' })
        .getByRole('definition'),
    ).toContainText('96 of 35,040');
    // Each view drawn, and the views already fetched drawn again on the way back.
    const chart = page.locator('.feed-chart');
    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2025-12-31/raw/UTC');
    await page.goBack();
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2025-12-31/raw/Europe/Berlin');
    await page.getByLabel('Aggregation').selectOption('day');
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2025-12-31/day/Europe/Berlin');
    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2025-12-31/day/UTC');
    await page.goBack();
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2025-12-31/day/Europe/Berlin');
    await page.goBack();
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2025-12-31/raw/Europe/Berlin');
    await expectRowCount(page, 35_040);
    // A raw comparison is a second line of its own.
    await page.getByLabel('Compare with').selectOption('previous');
    await expect(page.locator('.feed-chart .chart-series__line')).toHaveCount(2, { timeout: 30_000 });
  });

  test('UTC’s 2025-08-12 holds 8 of 96 values: incomplete in table, summary, chart, print and both downloads', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=UTC`);
    await expectRowCount(page, 5);
    // Berlin's gap day runs from 22:00 UTC on the 11th to 22:00 UTC on the 12th.
    await expect(row(page, '2025-08-12')).toContainText('8 of 96');
    await expect(row(page, '2025-08-12')).toContainText('incomplete');
    await expect(row(page, '2025-08-11')).toContainText('88 of 96');
    await expect(row(page, '2025-08-10')).toContainText('complete');
    await expect(row(page, '2025-08-10')).not.toContainText('incomplete');
    const summary = page.locator('.report-summary');
    const incomplete = summary.locator('div').filter({ hasText: 'Incomplete periods' });
    await expect(incomplete.getByRole('definition')).toContainText('2 of 5');
    await expect(incomplete.getByRole('definition')).toContainText('2025-08-12: 8 of 96 values');
    await expect(summary.locator('div').filter({ hasText: 'Periods without data' })).toContainText(
      'None of 5',
    );
    await expect(summary.locator('div').filter({ hasText: 'Completeness' })).toContainText(
      '80% (384 of 480 values)',
    );
    // The chart marks them not only by colour: a hatch and a label with their values.
    const chart = page.locator('.feed-chart');
    await expect(chart.locator('.chart-surface')).toHaveAttribute(
      'aria-label',
      /2 incomplete periods hatched/,
    );
    await expect(chart.locator('svg.recharts-surface')).toContainText('◐ 8/96');
    await expect(chart.locator('svg.recharts-surface')).toContainText('◐ 88/96');
    await expect(chart.locator('[fill="url(#feed-incomplete-hatch)"]').first()).toBeVisible();
    // The marked areas lie under the bars and their labels above them: a bar never hides a label.
    const layers = await chart
      .locator('svg.recharts-surface')
      .evaluate((svg) =>
        [...svg.querySelectorAll('.chart-areas, .chart-series, .chart-area-labels')].map((layer) =>
          layer.getAttribute('class'),
        ),
      );
    expect(layers).toEqual(['chart-areas', 'chart-series', 'chart-area-labels']);
    await expect(chart.locator('.chart-area-labels text')).toHaveText(['◐ 88/96', '◐ 8/96']);
    // Each period's values by keyboard (said in the live region) and under the pointer (the tooltip).
    const surface = chart.locator('.chart-surface');
    await surface.focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      chart.getByText('2025-08-11 UTC — incomplete: 88 of 96 values; This range: 30.334 kWh'),
    ).toBeAttached();
    await page.keyboard.press('End');
    await expect(chart.getByText('2025-08-14 UTC; This range: 58.742 kWh')).toBeAttached();
    // Page Up goes back ten periods, here to the first.
    await page.keyboard.press('PageUp');
    await expect(chart.getByText('2025-08-10 UTC; This range: 35.068 kWh')).toBeAttached();
    await page.keyboard.press('End');
    const box = (await surface.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.52, box.y + box.height / 2);
    await expect(chart.locator('.chart-surface__tooltip')).toContainText(
      '2025-08-12 UTC — incomplete: 8 of 96 values',
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(chart, { path: `${SHOTS}/feed-report-tooltip-${scheme}-1440.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // The pointer gone, the tooltip goes back to the keyboard's cursor, and away with the focus.
    await page.mouse.move(0, 0);
    await expect(chart.locator('.chart-surface__tooltip')).toContainText('2025-08-14 UTC');
    await surface.blur();
    await expect(chart.locator('.chart-surface__tooltip')).toHaveCount(0);
    await expectAccessible(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/feed-report-incomplete-${scheme}-1440.png`, fullPage: true });
    }

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download for Excel' }).click();
    const excelFile = await excel;
    expect(excelFile.suggestedFilename()).toBe(
      'feed-in_P1000_C1000_2025-08-10_2025-08-14_day_UTC_excel-en.csv',
    );
    const excelText = readFileSync(await excelFile.path(), 'utf8');
    expect(excelText.charCodeAt(0)).toBe(0xfeff);
    const excelLines = excelText.slice(1).trim().split('\r\n');
    expect(excelLines[0]).toBe(
      'Period (UTC),Start (UTC),End (UTC),Hours,Energy (kWh),Values,Expected values,Completeness (%),Status',
    );
    expect(excelLines).toHaveLength(6); // every period of the table
    expect(excelLines[3]).toMatch(
      /^2025-08-12,2025-08-12 00:00,2025-08-13 00:00,24,\d+\.\d{3},8,96,8\.3,incomplete$/,
    );

    // The pinned CSV stays the API's records.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csvLinesRead = readFileSync(await (await csv).path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csvLinesRead[0]).toBe('start_utc,end_utc,start_local,end_local,energy_kwh,sample_count');
    expect(csvLinesRead[3]).toMatch(/^2025-08-12T00:00:00Z,2025-08-13T00:00:00Z,.*,8$/);

    // Printed, the table says it in words.
    await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    await expect(row(page, '2025-08-12')).toContainText('incomplete');
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize({ width: 390, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/feed-report-incomplete-${scheme}-390.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=America/New_York`,
    );
    await expect(row(page, '2025-08-12')).toContainText('24 of 96');
    await expect(row(page, '2025-08-12')).toContainText('incomplete');
  });

  test('days in the future or within the last two days are not yet delivered, not gaps (the page’s clock)', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    // The seed's values end on 2026-12-31; "now" is that day's noon in Berlin.
    await page.clock.setFixedTime(new Date('2026-12-31T11:00:00Z'));
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2026-12-27&to=2027-01-02&agg=day&tz=Europe/Berlin`,
    );
    await expectRowCount(page, 7);
    await expect(row(page, '2026-12-30')).toContainText('complete');
    await expect(row(page, '2026-12-30')).not.toContainText('incomplete');
    for (const day of ['2027-01-01', '2027-01-02']) {
      await expect(row(page, day)).toContainText('not yet delivered');
      await expect(row(page, day)).not.toContainText('no data');
    }
    const summary = page.locator('.report-summary');
    await expect(summary.locator('div').filter({ hasText: 'Not yet delivered' })).toContainText('2 of 7');
    await expect(summary.locator('div').filter({ hasText: 'Periods without data' })).toContainText(
      'None of 7',
    );
    await expect(page.locator('.feed-chart svg.recharts-surface')).toContainText('not yet delivered');
    // A year later the same days are due: missing values are then gaps.
    await page.clock.setFixedTime(new Date('2027-12-31T11:00:00Z'));
    await page.reload();
    await expect(row(page, '2027-01-01')).toContainText('no data');
    await expect(summary.locator('div').filter({ hasText: 'Periods without data' })).toContainText('2 of 7');
  });

  test('a viewer reads a report, cannot book, and the page passes axe; screenshots', async ({ page }) => {
    await signIn(page, VIEWER);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin&compare=previous`,
    );
    await expect(row(page, '2025-08-12')).toContainText('no data');
    await expect(page.getByRole('link', { name: /Book a charge/ })).toHaveCount(0);
    await expect(page.locator('.feed-chart .chart-series__bars').first()).toBeVisible();
    await expectAccessible(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, { path: `${SHOTS}/feed-report-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('combobox', { name: 'Time zone' }).fill('new');
    await screenshot(page, { path: `${SHOTS}/feed-report-zone-picker.png` });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SHOTS}/feed-report-narrow.png`, fullPage: true });
  });
});

/**
 * The x-axis labels: at least two, none touching the next. Read until the chart is drawn at the window's
 * new width: right after a resize its labels were once read mid-redraw, every box empty (0 to 0).
 */
async function expectTicksApart(page: Page) {
  const ticks = page.locator('.feed-chart .recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect
    .poll(async () => {
      const boxes = await ticks.evaluateAll((labels) =>
        labels.map((label) => label.getBoundingClientRect()).map(({ left, right }) => ({ left, right })),
      );
      if (boxes.length < 2) return `${boxes.length} labels`;
      const touching = boxes.findIndex(
        (box, index) => index > 0 && !(box.left > boxes[index - 1]!.right + 4),
      );
      return touching < 0
        ? 'apart'
        : `label ${touching} ${JSON.stringify(boxes[touching])} touches ${JSON.stringify(boxes[touching - 1])}`;
    })
    .toBe('apart');
}

/** How far the table of periods scrolls sideways inside its own region, in pixels. */
const tableOverflow = (region: Locator) =>
  region.evaluate((element) => element.scrollWidth - element.clientWidth);

for (const language of ['en', 'de'] as const) {
  test.describe(`a month report cut by its range, compared with a year earlier (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test(`the cut months are partial with their days and no peak; compare columns in table, summary, print and Excel (${language})`, async ({
      page,
    }) => {
      const de = language === 'de';
      await signIn(page, ADMIN);
      await page.setViewportSize({ width: 1440, height: 900 });
      const address = `${REPORT}?user=P1000&contract=C1000&from=2025-01-15&to=2025-02-10&agg=month&tz=Europe/Berlin`;
      await page.goto(`${address}&compare=year`);
      const periods = page.getByRole('region', {
        name: de ? 'Perioden des Berichts' : 'Periods of the report',
      });
      const january = periods.getByRole('row', { name: /^2025-01\b/ });
      await expect(january.getByRole('rowheader')).toHaveText(
        de ? '2025-01(15.–31. Jan.)' : '2025-01(Jan 15\u2009–\u200931)',
      );
      // 17 days of January, every value of them: partial, not complete; 408 hours, not 744.
      await expect(january.getByRole('cell').nth(0)).toHaveText('408');
      await expect(january.getByRole('cell').nth(3)).toHaveText(de ? 'Teilzeitraum' : 'partial');
      await expect(periods.getByRole('columnheader')).toHaveText([
        de ? 'Periode (Europe/Berlin)' : 'Period (Europe/Berlin)',
        de ? 'Stunden' : 'Hours',
        de ? 'Energie (kWh)' : 'Energy (kWh)',
        de ? 'Werte' : 'Values',
        'Status',
        de ? 'Ein Jahr früher (kWh)' : 'A year earlier (kWh)',
        de ? 'Differenz (kWh)' : 'Difference (kWh)',
        de ? 'Differenz (%)' : 'Difference (%)',
      ]);
      // Both sides have values in January: a compared figure and a signed difference.
      await expect(january.getByRole('cell').nth(4)).toHaveText(/^\d[\d.,]*,?\d*$/);
      await expect(january.getByRole('cell').nth(6)).toHaveText(/^[-+−][\d.,]+\s?%$/);
      const summary = page.locator('.report-summary');
      await expect(
        summary.locator('div').filter({ hasText: de ? 'Spitzenperiode' : 'Peak period' }),
      ).toContainText(
        de ? '— (jede Periode mit Werten ist ein Teilzeitraum)' : '— (every period with values is partial)',
      );
      await expect(
        summary
          .locator('div')
          .filter({ hasText: de ? 'Ein Jahr früher: Gesamtenergie' : 'A year earlier: total energy' }),
      ).toContainText('kWh');
      await expect(
        summary.locator('div').filter({ hasText: de ? /^Differenz/ : /^Difference/ }),
      ).toContainText(/kWh \([-+−][\d.,]+\s?%\)/);
      await expectAccessible(page);
      await screenshot(page, {
        path: `${SHOTS}/feed-report-cut-compare-${language}-1440.png`,
        fullPage: true,
      });

      const excel = page.waitForEvent('download');
      await page.getByRole('button', { name: de ? 'Für Excel herunterladen' : 'Download for Excel' }).click();
      const lines = readFileSync(await (await excel).path(), 'utf8')
        .slice(1)
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(
        de
          ? /;Status;Ein Jahr früher \(kWh\);Differenz \(kWh\);Differenz \(%\)$/
          : /,Status,A year earlier \(kWh\),Difference \(kWh\),Difference \(%\)$/,
      );
      expect(lines[1]).toMatch(
        de
          ? /^2025-01 \(15\.–31\. Jan\.\);2025-01-15 00:00;2025-02-01 00:00;408;[\d,]+;1632;1632;100,0;Teilzeitraum;[\d,]+;-?[\d,]+;-?[\d,]+$/
          : /^2025-01 \(Jan 15\s–\s31\),2025-01-15 00:00,2025-02-01 00:00,408,[\d.]+,1632,1632,100\.0,partial,[\d.]+,-?[\d.]+,-?[\d.]+$/,
      );

      // Printed, the comparison's columns are there with every period.
      await page.emulateMedia({ media: 'print' });
      await expect(
        periods.getByRole('columnheader', { name: de ? 'Differenz (%)' : 'Difference (%)' }),
      ).toBeVisible();
      await expect(january).toContainText(de ? 'Teilzeitraum' : 'partial');
      await page.emulateMedia({ media: 'screen' });

      // On a phone the comparison adds no sideways scrolling to the table.
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page);
      await expect(periods.getByRole('columnheader', { name: de ? 'Stunden' : 'Hours' })).toBeHidden();
      const compared = await tableOverflow(periods);
      await screenshot(page, {
        path: `${SHOTS}/feed-report-cut-compare-${language}-390.png`,
        fullPage: true,
      });
      await page.goto(address);
      await expect(january.getByRole('cell').nth(3)).toHaveText(de ? 'Teilzeitraum' : 'partial');
      expect(compared).toBeLessThanOrEqual(await tableOverflow(periods));
    });
  });
}

/** A loaded report at each width, light and dark: usable without sideways scrolling. */
async function reportAtEachWidth(page: Page, name: string, language: 'en' | 'de') {
  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.locator('.feed-chart .recharts-wrapper > svg')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTicksApart(page);
    await expectAccessible(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, {
        path: `${SHOTS}/feed-report-${name}-${language}-${scheme}-${width}.png`,
        fullPage: true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    if (width === 390) {
      // The PNG of a phone's chart keeps its whole title (wrapped), in the UI language.
      const png = page.waitForEvent('download');
      await page.locator('.report-actions button').nth(2).click();
      const pngPath = `${SHOTS}/feed-report-${name}-${language}-export-390.png`;
      await (await png).saveAs(pngPath);
      // The chart at twice its size (~330 px wide here), not a 14 px legend icon drawn for a comparison.
      expect(readFileSync(pngPath).readUInt32BE(16)).toBeGreaterThan(600);
      // The zone picker's list fits the phone too.
      const zone = page.locator('input[name="tz"]');
      await zone.fill('');
      await zone.pressSequentially('new', { delay: 5 });
      await expectNoSidewaysScroll(page);
      await zone.evaluate((input) => input.scrollIntoView({ block: 'start' }));
      await screenshot(page, { path: `${SHOTS}/feed-report-${name}-${language}-zone-picker-390.png` });
      await zone.press('Escape');
    }
  }
}

for (const language of ['en', 'de'] as const) {
  test.describe(`feed-in report at 390, 768 and 1440 px (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test(`a week by day and a year by month fit every width (${language})`, async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto(
        `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-16&agg=day&tz=Europe/Berlin&compare=previous`,
      );
      await expect(page.locator('.feed-chart .chart-series__bars').first()).toBeVisible();
      await reportAtEachWidth(page, 'week', language);
      await page.goto(
        `${REPORT}?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=month&tz=Europe/Berlin`,
      );
      await expect(page.locator('.feed-chart .chart-series__bars').first()).toBeVisible();
      await reportAtEachWidth(page, 'year', language);
    });
  });
}

test.describe('feed-in report in German', () => {
  test.use({ locale: 'de-DE' });

  test('every word of the report is German: controls, zone picker, summary, chart, table, print title', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=UTC&compare=previous&capacity_kw=50`,
    );
    const report = page.locator('.feed-report');
    await expect(report.getByRole('region', { name: 'Perioden des Berichts' })).toContainText(
      'unvollständig',
    );
    await expect(page.getByLabel('Aggregation').locator('option:checked')).toHaveText('Tage (Standard)');
    await expect(page.locator('#tz-hint')).toHaveText(
      'UTC+00:00 jetzt. Tippen Sie einen beliebigen Teil des Namens, z. B. „york“ oder „kolkata“.',
    );
    await expect(page.getByRole('button', { name: /^Dieser Browser: / })).toBeVisible();
    await expect(report.locator('p.print-only').first()).toHaveText(
      /^Einspeisung P1000\/C1000, 2025-08-10 bis 2025-08-14, 5 Tage, UTC\. Umgebung: sandbox\. Gedruckt /,
    );
    await expect(page.locator('.feed-chart .chart-surface')).toHaveAttribute(
      'aria-label',
      'Einspeisediagramm in kWh, UTC; 2 unvollständige Perioden schraffiert und mit ihren Werten beschriftet. ' +
        'Pfeiltasten wechseln um einen Zeitraum, Bild auf und Bild ab um zehn, Pos1 und Ende zum ersten und letzten.',
    );
    await expectNoEnglishWords(page);

    const zone = page.getByRole('combobox', { name: 'Zeitzone' });
    await zone.fill('');
    await zone.pressSequentially('a', { delay: 5 });
    await expect(page.locator('.combobox__more')).toHaveText(/^\d+ weitere: weitertippen, um einzugrenzen$/);
    await zone.fill('');
    await zone.pressSequentially('xyz', { delay: 5 });
    await expect(page.locator('#tz-hint')).toHaveText('Keine Zeitzone passt zu „xyz“.');
    await zone.press('Escape');
    await expect(zone).toHaveValue('UTC');
  });

  test('incomplete days, formatted counts and the Excel file in German conventions; screenshots', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=UTC`);
    const germanRow = (label: string) =>
      page
        .getByRole('region', { name: 'Perioden des Berichts' })
        .getByRole('row', { name: new RegExp(`^${label}\\b`) });
    await expect(germanRow('2025-08-12')).toContainText('8 von 96');
    await expect(germanRow('2025-08-12')).toContainText('unvollständig');
    const summary = page.locator('.report-summary');
    await expect(summary.locator('div').filter({ hasText: 'Unvollständige Perioden' })).toContainText(
      '2025-08-12: 8 von 96 Werten',
    );
    await expect(summary.locator('div').filter({ hasText: 'Vollständigkeit' })).toContainText(
      /80\s%\s\(384 von 480 Werten\)/,
    );
    await expectAccessible(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, {
        path: `${SHOTS}/feed-report-incomplete-de-${scheme}-1440.png`,
        fullPage: true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Für Excel herunterladen' }).click();
    const file = await excel;
    expect(file.suggestedFilename()).toBe('feed-in_P1000_C1000_2025-08-10_2025-08-14_day_UTC_excel-de.csv');
    const bytes = readFileSync(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Periode (UTC);Beginn (UTC);Ende (UTC);Stunden;Energie (kWh);Werte;Erwartete Werte;Vollständigkeit (%);Status',
    );
    expect(lines[3]).toMatch(
      /^2025-08-12;2025-08-12 00:00;2025-08-13 00:00;24;\d+,\d{3};8;96;8,3;unvollständig$/,
    );

    await page.goto(
      `${REPORT}?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=day&tz=Europe/Berlin`,
    );
    await expect(summary.locator('div').filter({ hasText: 'Perioden ohne Daten' })).toContainText(
      '1 von 365',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${REPORT}?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=UTC`);
    await expect(germanRow('2025-08-12')).toContainText('unvollständig');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, {
        path: `${SHOTS}/feed-report-incomplete-de-${scheme}-390.png`,
        fullPage: true,
      });
    }
  });
});
