/**
 * Typing an amount on the charges page while the schedule preview shows 12, 120 and 600 executions (issue 27:
 * "typing stays instant", ≤ 50 ms per keystroke at 600). Each keystroke's delay is read from the browser's
 * Event Timing API: from the key's keydown to the paint after the last event it caused (keydown, keypress,
 * beforeinput, input). Event Timing reports only events of 16 ms or more; a keystroke with no entry took less,
 * and counts with the page's own clock (keydown to the frame after its work).
 */
import type { BrowserContext, JSHandle, Page } from '@playwright/test';

export const EXECUTION_COUNTS = [12, 120, 600] as const;
export type ExecutionCount = (typeof EXECUTION_COUNTS)[number];

/** Eight keystrokes, typed 60 ms apart as a fast typist would; the first one turns the prompt into the table. */
const TYPED = '12345.67';
/** Each count is typed this many times (the field cleared between): 16 keystrokes per count and run. */
const PASSES = 2;

/** Milliseconds per keystroke, for each number of executions. */
export type ChargesTypingSamples = Record<ExecutionCount, number[]>;

interface KeystrokeClock {
  /** Bumped before each pass: a frame or entry still pending from before is not counted. */
  generation: number;
  /** Each keydown's event time, and its input-to-paint time by the page's own clock once known. */
  keydowns: { at: number; ownClock: number | null }[];
  entries: { name: string; startTime: number; duration: number }[];
}

/**
 * Installs the keydown clock and an Event Timing observer in the page. Functions here stay unnamed: tsx's
 * transform would wrap a named one in a helper the page does not have.
 */
function recordKeystrokes(page: Page): Promise<JSHandle<KeystrokeClock>> {
  return page.evaluateHandle(() => {
    const state: KeystrokeClock = { generation: 0, keydowns: [], entries: [] };
    document.addEventListener(
      'keydown',
      (event) => {
        const generation = state.generation;
        const keydown = { at: event.timeStamp, ownClock: null as number | null };
        state.keydowns.push(keydown);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            if (state.generation === generation) keydown.ownClock = performance.now() - keydown.at;
          };
          channel.port2.postMessage(null);
        });
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.entries.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    return state;
  });
}

/** The events one keystroke causes, all dispatched within a few milliseconds of its keydown. */
const KEYSTROKE_EVENTS = new Set(['keydown', 'keypress', 'beforeinput', 'input']);
const SAME_KEYSTROKE_MS = 30;

/** Per keydown: the latest paint after any of its events (Event Timing), or the page's own clock below 16 ms. */
export function keystrokeDelays(clock: Pick<KeystrokeClock, 'keydowns' | 'entries'>): number[] {
  return clock.keydowns.map(({ at, ownClock }) => {
    const ends = clock.entries
      .filter(
        (entry) =>
          KEYSTROKE_EVENTS.has(entry.name) &&
          entry.startTime >= at &&
          entry.startTime < at + SAME_KEYSTROKE_MS,
      )
      .map((entry) => entry.startTime + entry.duration - at);
    return ends.length > 0 ? Math.max(...ends) : (ownClock ?? Number.NaN);
  });
}

async function typeAmount(page: Page, clock: JSHandle<KeystrokeClock>): Promise<number[]> {
  const amount = page.locator('[name="amount_cent"]');
  await amount.fill('');
  await page.getByTestId('preview-missing').waitFor();
  await clock.evaluate((state) => {
    state.generation += 1;
    state.keydowns = [];
  });
  await amount.pressSequentially(TYPED, { delay: 60 });
  // The last keystroke's own figure arrives a frame after its key; its Event Timing entry soon after.
  await page.waitForFunction(
    (state) => state.keydowns.length > 0 && state.keydowns.every((keydown) => keydown.ownClock !== null),
    clock,
    { timeout: 30_000 },
  );
  // Event Timing hands its entries to observers some time after the paint they end with, and sends none for
  // a keystroke under 16 ms, so there is no condition to wait for: a pause longer than that delivery.
  await page.waitForTimeout(200);
  const delays = keystrokeDelays(await clock.jsonValue());
  if (delays.length !== TYPED.length || delays.some(Number.isNaN))
    throw new Error(`expected ${TYPED.length} keystroke figures, got ${JSON.stringify(delays)}`);
  return delays;
}

/**
 * One run: a monthly credit on the seeded contract, then for each number of executions the amount typed
 * PASSES times into the cleared field. `cpuThrottling` > 1 slows the page's CPU (Chrome DevTools Protocol).
 */
export async function measureChargesTyping(
  context: BrowserContext,
  cpuThrottling = 1,
): Promise<ChargesTypingSamples> {
  const page = await context.newPage();
  await page.goto('/producers/charges?user=P1000&contract=C1000');
  await page.getByRole('heading', { level: 1, name: 'Book charges and credits' }).waitFor();
  await page.locator('[name="due_date"]').fill('2026-01-31');
  await page.locator('[name="execution_cycle"]').selectOption('month');
  await page.locator('[name="display_name"]').fill('Loyalty bonus');
  if (cpuThrottling > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
  }
  const clock = await recordKeystrokes(page);
  const typeWith = async (count: ExecutionCount) => {
    await page.locator('[name="no_of_executions"]').fill(String(count));
    const delays: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) delays.push(...(await typeAmount(page, clock)));
    return delays;
  };
  // One after the other, in EXECUTION_COUNTS' order (an object literal's values are evaluated in order).
  const samples = { 12: await typeWith(12), 120: await typeWith(120), 600: await typeWith(600) };
  await page.close();
  return samples;
}
