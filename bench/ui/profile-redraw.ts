/**
 * Where a feed-in report redraw spends its time: a CPU profile (Chrome DevTools Protocol) of one change of
 * view on a loaded raw year, summed by function (self time), the top printed. For a readable profile build
 * the console unminified first (`npx vite build --minify false`; `npm run build` restores it).
 *
 *   npx tsx bench/ui/profile-redraw.ts [change, default month] [port, default 18790]
 *
 * The change: an aggregation (the raw year redrawn as it), `compare` (the previous year compared),
 * `heatmap`, `duration` or `cumulative` (the chart to that view) or `utc` (a year of days from Berlin to UTC).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { withProfiledConsole } from './profiled-console.ts';

const traceSchema = z.object({
  traceEvents: z.array(
    z.object({
      name: z.string(),
      ph: z.string(),
      dur: z.optional(z.number()),
      ts: z.number(),
      pid: z.number(),
      tid: z.number(),
      args: z.optional(z.catchall(z.object({ name: z.optional(z.string()) }), z.unknown())),
    }),
  ),
});

const aggregation = process.argv[2] ?? 'month';
const port = Number(process.argv[3] ?? 18790);
await withProfiledConsole('profile-redraw', port, async ({ browser, signedInContext }) => {
  const context = await signedInContext();
  const page = await context.newPage();
  const drawn = (agg: string) =>
    page
      .locator(`.feed-chart[data-drawn-for="2025-01-01/2025-12-31/${agg}/Europe/Berlin"] .recharts-surface`)
      .waitFor({ timeout: 60_000 });
  await page.goto(
    '/reports/feed-in?user=P1000&contract=C1000&from=2025-01-01&to=2025-12-31&agg=raw&tz=Europe/Berlin',
  );
  await drawn('raw');
  await page.waitForLoadState('networkidle');
  const key = (view: string, zone = 'Europe/Berlin') => `2025-01-01/2025-12-31/${view}/${zone}`;
  const heatmapDrawn = () =>
    page.locator(`canvas.heatmap__canvas[data-drawn-for="${key('heatmap')}"]`).waitFor({ timeout: 60_000 });
  const aggregationSelect = page.getByLabel('Aggregation');
  const compareSelect = page.getByLabel('Compare with');
  // Each change with the change that undoes it: the change is made once unprofiled (what it needs is then
  // loaded and warmed), undone, then made under the profiler, undone, and made under the timeline trace.
  // From the raw year's chart to another view of it, and back.
  const viewSwitch = (name: string, drawnFor: string) => ({
    change: async () => {
      await page.getByRole('button', { name, exact: true }).click();
      await page
        .locator(`.feed-chart[data-drawn-for="${drawnFor}"] .recharts-surface`)
        .waitFor({ timeout: 60_000 });
    },
    undo: async () => {
      await page.getByRole('button', { name: 'Chart', exact: true }).click();
      await drawn('raw');
    },
  });
  const scenarios: Record<string, { change: () => Promise<unknown>; undo: () => Promise<unknown> }> = {
    compare: {
      change: async () => {
        await compareSelect.selectOption('previous');
        await page.locator('.feed-chart .chart-legend').waitFor({ timeout: 60_000 });
      },
      undo: async () => {
        await compareSelect.selectOption('');
        await page.locator('.feed-chart .chart-legend').waitFor({ state: 'detached' });
      },
    },
    heatmap: {
      change: async () => {
        await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
        await heatmapDrawn();
      },
      undo: async () => {
        await page.getByRole('button', { name: 'Chart', exact: true }).click();
        await drawn('raw');
      },
    },
    duration: viewSwitch('Duration curve', 'duration/35040/0'),
    cumulative: viewSwitch('Cumulative', `cumulative/${key('raw')}`),
    utc: {
      change: async () => {
        await page.getByRole('button', { name: 'UTC', exact: true }).click();
        await page
          .locator(`.feed-chart[data-drawn-for="${key('day', 'UTC')}"] .recharts-surface`)
          .waitFor({ timeout: 60_000 });
      },
      undo: async () => {
        await page.goBack();
        await drawn('day');
      },
    },
  };
  const scenario = scenarios[aggregation] ?? {
    change: async () => {
      await aggregationSelect.selectOption(aggregation);
      await drawn(aggregation);
    },
    undo: async () => {
      await aggregationSelect.selectOption('raw');
      await drawn('raw');
    },
  };
  if (aggregation === 'utc') {
    await aggregationSelect.selectOption('day');
    await drawn('day');
  }
  await scenario.change();
  await page.waitForLoadState('networkidle');
  await scenario.undo();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await scenario.change();
  const { profile } = await cdp.send('Profiler.stop');
  // The same change again under the browser's timeline trace: style, layout and paint are native work that
  // a JavaScript profile shows only as "(program)".
  await scenario.undo();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink', 'v8'] });
  await scenario.change();
  const trace = traceSchema.parse(JSON.parse((await browser.stopTracing()).toString()));
  const renderers = new Set(
    trace.traceEvents
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}/${event.tid}`),
  );
  const byEvent = new Map<string, number>();
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || event.dur === undefined || !renderers.has(`${event.pid}/${event.tid}`)) continue;
    byEvent.set(event.name, (byEvent.get(event.name) ?? 0) + event.dur / 1000);
  }
  // The main thread's tasks from the change's first event on: work, and the waits between (frames, timers).
  const onMain = trace.traceEvents.filter(
    (event) => renderers.has(`${event.pid}/${event.tid}`) && event.ph === 'X' && event.dur !== undefined,
  );
  const input = onMain.find((event) => event.name === 'EventDispatch');
  if (input) {
    console.log('main-thread tasks of 1 ms or more after the input (start, duration, ms):');
    for (const task of onMain.filter(
      (event) => event.name === 'ThreadControllerImpl::RunTask' && event.ts >= input.ts - 1000,
    )) {
      if ((task.dur ?? 0) < 1000) continue;
      const inside = onMain
        .filter(
          (event) =>
            event.ts >= task.ts &&
            event.ts < task.ts + (task.dur ?? 0) &&
            event.name !== 'ThreadControllerImpl::RunTask',
        )
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 3)
        .map((event) => event.name)
        .join(', ');
      console.log(
        `${((task.ts - input.ts) / 1000).toFixed(1).padStart(7)}  ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${inside}`,
      );
    }
  }
  console.log('timeline events on the main thread (inclusive ms):');
  for (const [name, ms] of [...byEvent].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${ms.toFixed(1).padStart(7)} ms  ${name}`);
  writeFileSync(join(tmpdir(), `redraw-${aggregation}.cpuprofile`), JSON.stringify(profile));
  const byFunction = new Map<string, number>();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const intervals = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + (intervals[index] ?? 0) / 1000);
  });
  const total = [...byFunction.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`redraw ${aggregation}: ${total.toFixed(0)} ms profiled`);
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${ms.toFixed(1).padStart(7)} ms  ${name}`);
});
