/**
 * Where a raw year's first draw spends its time: after one warm-up load (the sandbox's caches), a fresh
 * context (its own HTTP cache, as the bench) opens the report, and the page's own resource timings and
 * main-thread tasks of 10 ms or more are printed against the navigation's clock, with the frame the chart
 * was first drawn in: the median of five runs.
 *
 *   npx tsx bench/ui/profile-first-draw.ts [cold|cached, default cold] [port, default 18791]
 */
import type { BrowserContext } from '@playwright/test';
import { z } from 'zod/mini';
import { withProfiledConsole } from './profiled-console.ts';

const RAW_YEAR =
  '/reports/feed-in?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin';
const DRAWN = '.feed-chart[data-drawn-for="2025-01-01/2025-12-31/raw/Europe/Berlin"] .recharts-surface';

const timelineSchema = z.object({
  drawnAt: z.number(),
  resources: z.array(
    z.object({
      name: z.string(),
      startTime: z.number(),
      requestStart: z.number(),
      responseStart: z.number(),
      responseEnd: z.number(),
    }),
  ),
  tasks: z.array(z.object({ startTime: z.number(), duration: z.number() })),
  marks: z.array(z.object({ name: z.string(), startTime: z.number() })),
});

const RUNS = 5;
/** `cached`: the console's code is in the browser's cache (the report was opened before on another range). */
const cached = process.argv[2] === 'cached';
const port = Number(process.argv[3] ?? 18791);

async function openReport(signedInContext: () => Promise<BrowserContext>) {
  const context = await signedInContext();
  if (cached) {
    const before = await context.newPage();
    await before.goto('/reports/feed-in?user=P1000&contract=C1000');
    await before.locator('.feed-chart .recharts-surface').waitFor();
    await before.close();
  }
  const page = await context.newPage();
  // Long tasks are observed from the document's first script on.
  await page.addInitScript(() => {
    const tasks: { startTime: number; duration: number }[] = [];
    Object.assign(window, { benchTasks: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(RAW_YEAR, { waitUntil: 'commit' });
  const drawnAt = await (
    await page.waitForFunction(
      (selector) => (document.querySelector(selector) ? performance.now() : false),
      DRAWN,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    )
  ).jsonValue();
  const timeline = timelineSchema.parse(
    await page.evaluate((at) => {
      const resources = performance
        .getEntriesByType('resource')
        .filter((entry) => entry instanceof PerformanceResourceTiming)
        .map((entry) => ({
          name: entry.name.replace(location.origin, ''),
          startTime: entry.startTime,
          requestStart: entry.requestStart,
          responseStart: entry.responseStart,
          responseEnd: entry.responseEnd,
        }));

      const tasks: unknown = Reflect.get(window, 'benchTasks');
      // Marks a profiling build may set (performance.mark) show where the code was on this clock.
      const marks = performance
        .getEntriesByType('mark')
        .map((mark) => ({ name: mark.name, startTime: mark.startTime }));
      return { drawnAt: at, resources, tasks, marks };
    }, drawnAt),
  );
  await context.close();
  return timeline;
}

await withProfiledConsole('profile-first-draw', port, async ({ signedInContext }) => {
  await openReport(signedInContext);
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await openReport(signedInContext));
  runs.sort((a, b) => a.drawnAt - b.drawnAt);
  console.log(
    `drawn at ${runs.map((run) => run.drawnAt.toFixed(0)).join(', ')} ms; the median run's timeline:`,
  );
  const timeline = runs[Math.floor(RUNS / 2)]!;
  const rows = [
    ...timeline.resources.map((entry) => ({
      at: entry.startTime,
      // Asked for, sent (after waiting for one of the host's six connections), first byte, last byte.
      line: [entry.startTime, entry.requestStart, entry.responseStart, entry.responseEnd]
        .map((ms) => ms.toFixed(0).padStart(6))
        .join('')
        .concat(`  ${entry.name.slice(0, 100)}`),
    })),
    ...timeline.tasks
      .filter((task) => task.duration >= 10)
      .map((task) => ({
        at: task.startTime,
        line: `${task.startTime.toFixed(0).padStart(6)} + ${task.duration.toFixed(0).padStart(4)} ms main-thread task`,
      })),
    ...timeline.marks.map((mark) => ({
      at: mark.startTime,
      line: `${mark.startTime.toFixed(0).padStart(6)}  mark: ${mark.name}`,
    })),
    { at: timeline.drawnAt, line: `${timeline.drawnAt.toFixed(0).padStart(6)}  chart drawn` },
  ].sort((a, b) => a.at - b.at);
  for (const row of rows) console.log(row.line);
});
