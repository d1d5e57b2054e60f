/**
 * Where a page load's main-thread time goes: a CPU profile (Chrome DevTools Protocol) from navigation until
 * the network is idle, summed by function inclusive of what it calls (each function once per stack), the
 * top printed. For readable names build unminified first (`npx vite build --minify false`).
 *
 *   npx tsx bench/ui/profile-load.ts [path, default a 5-day feed-in report] [port, default 18791]
 */
import { withProfiledConsole } from './profiled-console.ts';

const path =
  process.argv[2] ??
  '/reports/feed-in?user=P1000&contract=C1000&from=2025-08-10&to=2025-08-14&agg=day&tz=Europe/Berlin';
const port = Number(process.argv[3] ?? 18791);
await withProfiledConsole('profile-load', port, async ({ signedInContext }) => {
  const context = await signedInContext();
  // One load first: the servers' own first answers (and compiled code) are not the page's.
  const warm = await context.newPage();
  await warm.goto(path, { waitUntil: 'networkidle' });
  await warm.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(path, { waitUntil: 'networkidle' });
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const inclusive = new Map<string, number>();
  const intervals = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const ms = (intervals[index] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  console.log(`load of ${path}: functions by inclusive time (ms)`);
  for (const [name, ms] of [...inclusive]
    .filter(([name]) => !name.startsWith('('))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 70))
    console.log(`${ms.toFixed(1).padStart(7)}  ${name}`);
});
