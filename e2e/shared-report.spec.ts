import { readFileSync } from 'node:fs';
import { ensureStaff, expect, expectAccessible, OPERATOR, screenshot, signIn, test } from './fixtures.ts';
import { expectNoSidewaysScroll } from './no-sideways-scroll.ts';
import { GAP_WEEK, reader, share, summaryValue } from './shared-report-reader.ts';

const SHOTS = 'test-results/screenshots';

const reportUrl = (report: Record<string, string>) => `/reports/feed-in?${new URLSearchParams(report)}`;

test.describe('shared report links', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await ensureStaff(page);
    await page.close();
  });

  test('a link made on the report shows the same report to a fresh browser, which can be revoked (410)', async ({
    page,
    browser,
  }) => {
    await signIn(page, OPERATOR);
    await page.goto(reportUrl({ ...GAP_WEEK, tz: 'Europe/Berlin', compare: 'year', capacity_kw: '9.8' }));
    const staffTotal = await summaryValue(page, 'Total energy').innerText();
    const staffEarlier = await summaryValue(page, 'A year earlier').innerText();
    const staffYield = await summaryValue(page, 'Specific yield').innerText();
    expect(staffYield).toMatch(/kWh\/kWp$/);
    await page.locator('.report-actions').getByRole('button', { name: 'Share outside the console' }).click();
    await page.getByLabel('For whom (optional)').fill('plant owner (e2e)');
    await page.getByRole('button', { name: 'Create the link' }).click();
    const url = await page.getByLabel('The link').inputValue();
    expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await screenshot(page.locator('.report-actions'), {
          path: `${SHOTS}/shared-report-staff-link-made-en-${width}-${scheme}.png`,
        });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const outside = await reader(browser);
    const answer = await outside.page.goto(url);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer?.headers()['set-cookie']).toBeUndefined();
    await expect(outside.page.getByRole('heading', { level: 1 })).toHaveText('Feed-in report');
    await expect(outside.page.getByText(/plant C1000 \(producer P1000\)/)).toBeVisible();
    await expect(outside.page.getByText(/This link works until/)).toBeVisible();
    await expect(summaryValue(outside.page, 'Total energy')).toHaveText(staffTotal);
    await expect(summaryValue(outside.page, 'A year earlier')).toHaveText(staffEarlier);
    await expect(summaryValue(outside.page, 'Specific yield')).toHaveText(staffYield);
    await expect(summaryValue(outside.page, 'Periods without data')).toContainText('2025-08-12');
    await expect(outside.page.locator('.feed-chart svg.recharts-surface')).toBeVisible();
    // The heatmap draws from the link's own raw values: nothing is asked of /api or /bff.
    const asked: string[] = [];
    outside.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await outside.page.getByRole('button', { name: 'Heatmap' }).click();
    await expect(outside.page.locator('canvas').first()).toBeVisible();
    await expect(outside.page.getByRole('row', { name: /^2025-08-12\b/ }).first()).toContainText('no data');
    expect(asked.filter((path) => /^\/(api|bff)\//.test(path))).toEqual([]);
    await outside.page.getByRole('button', { name: 'Chart' }).click();
    // Nothing of the console: no navigation, no forms, no staff names.
    await expect(outside.page.getByRole('navigation')).toHaveCount(0);
    await expect(outside.page.locator('form, input, select, textarea')).toHaveCount(0);
    await expect(outside.page.locator('body')).not.toContainText(OPERATOR.username);
    expect(await outside.context.cookies()).toEqual([]);
    await expectAccessible(outside.page);

    // The contract's page lists the link; revoking it stops it for the reader at once.
    await page.goto('/producers/P1000/contracts/C1000');
    const listed = page.getByRole('row').filter({ hasText: 'plant owner (e2e)' });
    await expect(listed).toContainText('active');
    await expect(listed.getByRole('cell').nth(4)).toHaveText('1');
    await listed.getByRole('button', { name: 'Revoke' }).click();
    await expect(listed).toContainText('revoked');
    const revoked = await outside.page.goto(url);
    expect(revoked?.status()).toBe(410);
    await expect(outside.page.getByRole('alert')).toHaveText(/This link was revoked/);
    expect(outside.errors).toEqual([]);
    await outside.context.close();
  });

  test('a link cannot reach another contract or range by editing its address', async ({ page, browser }) => {
    await signIn(page, OPERATOR);
    const { url } = await share(page, { ...GAP_WEEK, tz: 'Europe/Berlin' });
    const token = url.slice('/shared/'.length);
    const outside = await reader(browser);
    await outside.page.goto(`${url}?user=P2000&contract=C2000&from=2024-01-01&to=2024-12-31&agg=raw`);
    await expect(
      outside.page.getByText(/plant C1000 \(producer P1000\), 10 August 2025 to 14 August 2025/),
    ).toBeVisible();
    for (const edited of [
      // One character changed (never to itself: a token may already hold it there).
      `/shared/${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`,
      `/shared/${token}/../../api/v3/producers/P2000/contracts/C2000/feed/`,
    ]) {
      const answer = await outside.page.goto(edited);
      expect(answer?.status(), edited).not.toBe(200);
    }
    const unknown = await outside.page.goto(`/shared/${'A'.repeat(43)}`);
    expect(unknown?.status()).toBe(404);
    await expect(outside.page.getByRole('alert')).toHaveText(/There is no report at this address/);
    for (const guarded of ['/bff/user', '/api/v3/producers/P1000/contracts/C1000/feed/'])
      expect((await outside.context.request.get(guarded, { headers: { 'x-csrf': '1' } })).status()).toBe(401);
    expect(outside.errors).toEqual([]);
    await outside.context.close();
  });

  test('six zones and the DST days: a link’s totals are the staff report’s', async ({ page, browser }) => {
    await signIn(page, OPERATOR);
    const outside = await reader(browser);
    for (const tz of [
      'Europe/Berlin',
      'UTC',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ]) {
      for (const range of [
        { from: '2025-03-29', to: '2025-03-31', agg: 'hour' },
        { from: '2025-10-25', to: '2025-10-27', agg: 'day' },
      ]) {
        const report = { user: 'P2000', contract: 'C2000', tz, ...range };
        await page.goto(reportUrl(report));
        const staffTotal = await summaryValue(page, 'Total energy').innerText();
        const staffPeriods = await summaryValue(page, 'Completeness').innerText();
        await outside.page.goto((await share(page, report)).url);
        await expect(summaryValue(outside.page, 'Total energy'), `${tz} ${range.from}`).toHaveText(
          staffTotal,
        );
        await expect(summaryValue(outside.page, 'Completeness')).toHaveText(staffPeriods);
      }
    }
    expect(outside.errors).toEqual([]);
    await outside.context.close();
  });

  test('on the link’s page the chart’s cursor and tooltip, every view and both downloads work', async ({
    page,
    browser,
  }) => {
    await signIn(page, OPERATOR);
    const { url } = await share(page, { ...GAP_WEEK, tz: 'Europe/Berlin', compare: 'previous' });
    const outside = await reader(browser);
    await outside.page.goto(url);
    const chart = outside.page.locator('.feed-chart');
    const surface = chart.locator('.chart-surface');
    await surface.focus();
    await outside.page.keyboard.press('End');
    await expect(chart.getByText(/^2025-08-14 Europe\/Berlin; This range: 58\.742 kWh/)).toBeAttached();
    const box = (await surface.boundingBox())!;
    await outside.page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect(chart.locator('.chart-surface__tooltip')).toContainText('2025-08-12');

    await outside.page.getByRole('button', { name: 'Duration curve' }).click();
    await expect(chart.locator('.chart-series__line')).toHaveCount(2);
    await expect(outside.page.getByText('Sorted from 4 complete periods')).toBeVisible();
    await outside.page.getByRole('button', { name: 'Cumulative' }).click();
    await expect(chart.locator('.chart-series__line')).toHaveCount(2);
    const runningSums = outside.page.getByRole('region', { name: 'Running sums as a table' });
    await expect(runningSums.getByRole('row', { name: /^2025-08-12/ })).toContainText('no data');

    await outside.page.getByRole('button', { name: 'Chart' }).click();
    const excel = outside.page.waitForEvent('download');
    await outside.page.getByRole('button', { name: 'Download for Excel' }).click();
    const excelFile = await excel;
    expect(excelFile.suggestedFilename()).toMatch(/^feed-in_P1000_C1000_2025-08-10_2025-08-14_day_.*\.csv$/);
    const lines = readFileSync(await excelFile.path(), 'utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines.find((line) => line.startsWith('2025-08-12,'))).toContain('no data');
    const png = outside.page.waitForEvent('download');
    await outside.page.getByRole('button', { name: 'Download PNG' }).click();
    const bytes = readFileSync(await (await png).path());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(outside.errors).toEqual([]);
    await outside.context.close();
  });

  test('the link’s page in English and German, at 390 and 1440 px, light and dark', async ({
    page,
    browser,
  }) => {
    await signIn(page, OPERATOR);
    const { url } = await share(page, { ...GAP_WEEK, tz: 'Europe/Berlin', compare: 'previous' });
    for (const [locale, heading] of [
      ['en-GB', 'Feed-in report'],
      ['de-DE', 'Einspeisebericht'],
    ] as const)
      for (const width of [390, 1440])
        for (const scheme of ['light', 'dark'] as const) {
          const outside = await reader(browser, locale, width, scheme);
          await outside.page.goto(url);
          await expect(outside.page.getByRole('heading', { level: 1 })).toHaveText(heading);
          await outside.page.locator('.feed-chart svg.recharts-surface').scrollIntoViewIfNeeded();
          await expect(outside.page.locator('.feed-chart svg.recharts-surface')).toBeVisible();
          await expectNoSidewaysScroll(outside.page);
          await screenshot(outside.page, {
            path: `${SHOTS}/shared-report-${locale}-${width}-${scheme}.png`,
            fullPage: true,
          });
          expect(outside.errors).toEqual([]);
          await outside.context.close();
        }
  });
});
