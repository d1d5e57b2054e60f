/**
 * The feed-in report in the browser (issue 11's budgets): a year of raw 15-minute values (35,040 points, several
 * pages) from navigation to the drawn chart (≤ 1.5 s), and redraws for data already fetched (≤ 100 ms), timed in
 * the page frame by frame.
 */
import type { BrowserContext, Page } from '@playwright/test';

const YEAR = '2025-01-01/2025-12-31';
const RAW_BERLIN = `${YEAR}/raw/Europe/Berlin`;
const REPORT =
  '/reports/feed-in?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin';

export interface ReportTimings {
  /** Navigation start to the first frame with the raw year's line drawn. */
  firstDraw: number;
  /** A year of days from Berlin to UTC: fetched, so not a redraw. */
  zoneChangeFetched: number;
  /** Back to the year of days in Berlin, already fetched. */
  zoneRedrawCached: number;
  /** Back to the 35,040 raw values, already fetched. */
  aggregationRedrawCached: number;
}

/** Waits until the chart is drawn for `drawnFor` (range/aggregation/zone). */
async function drawn(page: Page, drawnFor: string): Promise<void> {
  await page.locator(`.feed-chart[data-drawn-for="${drawnFor}"]`).waitFor({ timeout: 30_000 });
}

/** Milliseconds from an action to the first frame with the chart drawn for `drawnFor`. */
async function timeRedraw(page: Page, action: () => Promise<unknown>, drawnFor: string): Promise<number> {
  const started = await page.evaluate(() => performance.now());
  await action();
  const drawnAt = await page.waitForFunction(
    (key) =>
      document.querySelector<HTMLElement>('.feed-chart')?.dataset.drawnFor === key
        ? performance.now()
        : false,
    drawnFor,
    { polling: 'raf', timeout: 30_000 },
  );
  const at = await drawnAt.jsonValue();
  if (at === false) throw new Error(`the chart was not drawn for ${drawnFor}`);
  return at - started;
}

export async function measureFeedReport(context: BrowserContext): Promise<ReportTimings> {
  const page = await context.newPage();
  await page.goto(REPORT, { waitUntil: 'commit' });
  // A fresh page: its clock starts at the navigation.
  const firstDrawAt = await page.waitForFunction(
    (key) =>
      document.querySelector(`.feed-chart[data-drawn-for="${key}"] .recharts-line-curve`)
        ? performance.now()
        : false,
    RAW_BERLIN,
    { polling: 'raf', timeout: 30_000 },
  );
  const firstDraw = await firstDrawAt.jsonValue();
  if (firstDraw === false) throw new Error('the raw year was not drawn');

  // Fetch the views the redraws go back to: raw in UTC and back, then a year of days.
  const utc = page.getByRole('button', { name: 'UTC', exact: true });
  await utc.click();
  await drawn(page, `${YEAR}/raw/UTC`);
  await page.goBack();
  await drawn(page, RAW_BERLIN);
  await page.getByLabel('Aggregation').selectOption('day');
  await drawn(page, `${YEAR}/day/Europe/Berlin`);

  const zoneChangeFetched = await timeRedraw(page, () => utc.click(), `${YEAR}/day/UTC`);
  const zoneRedrawCached = await timeRedraw(page, () => page.goBack(), `${YEAR}/day/Europe/Berlin`);
  const aggregationRedrawCached = await timeRedraw(page, () => page.goBack(), RAW_BERLIN);
  await page.close();
  return { firstDraw, zoneChangeFetched, zoneRedrawCached, aggregationRedrawCached };
}
