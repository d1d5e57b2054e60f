import type { Locator, Route } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures.ts';

const REPORT = '/reports/feed-in?user=P1000&contract=C1000';

/** The x axis's labels as drawn (empty ones left out). */
async function tickLabels(chart: Locator): Promise<string[]> {
  await expect(chart.locator('.recharts-xAxis-tick-labels')).toBeVisible();
  const texts = await chart
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  return texts.filter(Boolean);
}

/** How many bars the chart draws: each bar is one closed shape ("M … Z") of its series' path. */
async function barsDrawn(chart: Locator): Promise<number> {
  const paths = await chart
    .locator('.chart-series__bars')
    .evaluateAll((each) => each.map((path) => path.getAttribute('d') ?? ''));
  return paths.join('').split('M').length - 1;
}

test.describe('feed-in report, drawn within budget', () => {
  test('a lone period draws its bar, its label once', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto(`${REPORT}&from=2025-01-01&to=2025-12-31&agg=year&tz=Europe/Berlin`);
    const year = page.locator('.feed-chart[data-drawn-for="2025-01-01/2025-12-31/year/Europe/Berlin"]');
    await expect.poll(() => barsDrawn(year)).toBe(1);
    expect((await year.locator('.chart-series__bars').boundingBox())!.width).toBeGreaterThan(100);
    expect(await tickLabels(year)).toEqual(['2025']);

    await page.goto(`${REPORT}&from=2025-05-20&to=2025-05-20&agg=day&tz=Europe/Berlin`);
    const oneDay = page.locator('.feed-chart[data-drawn-for="2025-05-20/2025-05-20/day/Europe/Berlin"]');
    await expect.poll(() => barsDrawn(oneDay)).toBe(1);
    expect(await tickLabels(oneDay)).toEqual(['2025-05-20']);
  });

  test('a year of hours is one shape, not 8,760 bars; three raw years load without asking', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto(`${REPORT}&from=2025-01-01&to=2025-12-31&agg=hour&tz=Europe/Berlin`);
    const hours = page.locator('.feed-chart[data-drawn-for="2025-01-01/2025-12-31/hour/Europe/Berlin"]');
    await expect(hours.locator('.chart-series__area')).toHaveCount(1);
    await expect(hours.locator('.chart-series__bars')).toHaveCount(0);
    await expect(page.locator('.report-table table')).toHaveAttribute('aria-rowcount', String(8760 + 1));

    await page.goto(`${REPORT}&from=2024-01-01&to=2026-12-31&agg=raw&tz=Europe/Berlin`);
    await expect(page.getByRole('button', { name: /anyway/ })).toHaveCount(0);
    const threeYears = page.locator('.feed-chart[data-drawn-for="2024-01-01/2026-12-31/raw/Europe/Berlin"]');
    await expect(threeYears.locator('.chart-series__line')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('.report-table table')).toHaveAttribute('aria-rowcount', String(105_216 + 1));
    // One point per pixel column at most (low and high kept): a path of a few thousand points.
    const points = await threeYears
      .locator('.chart-series__line')
      .evaluate((path) => (path.getAttribute('d') ?? '').split(/[ML]/).length);
    expect(points).toBeLessThan(2 * 1440 + 100);
    // A range inside the loaded years, and another aggregation of it, are drawn without asking the API again.
    const feedRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/feed/')) feedRequests.push(request.url());
    });
    await page.getByLabel('First day').fill('2025-01-01');
    const chart = page.locator('.feed-chart');
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2026-12-31/raw/Europe/Berlin');
    await page.getByLabel('Aggregation').selectOption('day');
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2026-12-31/day/Europe/Berlin');
    await page.getByRole('button', { name: 'UTC', exact: true }).click();
    await expect(chart).toHaveAttribute('data-drawn-for', '2025-01-01/2026-12-31/day/UTC');
    expect(feedRequests).toEqual([]);
  });

  test('leaving a report before its page and values arrive stops the values’ requests', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    // The report's code and its values are held, as on a slow line, until the report has been left.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const heldUrls: string[] = [];
    const held = async (route: Route) => {
      heldUrls.push(route.request().url());
      await released;
      await route.continue().catch(() => undefined);
    };
    await page.route('**/assets/feed-report-page-*.js', held);
    await page.route('**/feed/?*', held);
    try {
      const asked: string[] = [];
      const stopped: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/feed/?')) asked.push(request.url());
      });
      page.on('requestfailed', (request) => {
        if (request.url().includes('/feed/?')) stopped.push(request.url());
      });
      await page.goto(`${REPORT}&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin`, {
        waitUntil: 'commit',
      });
      // A raw year is four pages of values, asked for at once as the report is entered.
      await expect.poll(() => asked.length).toBe(4);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage staff accounts');
      await expect.poll(() => stopped.sort()).toEqual(asked.sort());
      // The page's code was held the whole time: what stopped the values was leaving, not a page unmounting.
      expect(heldUrls.filter((url) => url.includes('/assets/feed-report-page-'))).toHaveLength(1);
    } finally {
      release();
    }
  });
});
