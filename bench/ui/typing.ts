/**
 * Typing in the consumer migration form with 4× CPU throttling (issue 9: "typing stays instant", goal ≤ 50 ms):
 * for each keystroke, the time from keydown to the frame that shows it, on a clean form and after a failed
 * submit (react-hook-form then validates the whole form on every keystroke).
 */
import type { BrowserContext, JSHandle, Page } from '@playwright/test';

/** 22 characters, umlaut and hyphen included, typed 60 ms apart as a fast typist would. */
const TYPED = 'Mustermann-Lüdenscheid';

export interface TypingSamples {
  cleanForm: number[];
  afterFailedSubmit: number[];
}

interface InputToPaint {
  /** Bumped before each measurement: a frame still pending from before is not counted. */
  generation: number;
  keydowns: number;
  /** Milliseconds from each keydown to the frame after its work, in the order they completed. */
  samples: number[];
}

/**
 * A clock per keystroke, kept in the page: keydown starts it, the frame after the keystroke's work stops it
 * (requestAnimationFrame runs before paint, a message posted from it runs after). Functions here stay
 * unnamed: tsx's transform would wrap a named one in a helper the page does not have.
 */
function recordInputToPaint(page: Page): Promise<JSHandle<InputToPaint>> {
  return page.evaluateHandle(() => {
    const state: InputToPaint = { generation: 0, keydowns: 0, samples: [] };
    document.addEventListener(
      'keydown',
      () => {
        state.keydowns += 1;
        const generation = state.generation;
        const start = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            if (state.generation === generation) state.samples.push(performance.now() - start);
          };
          channel.port2.postMessage(null);
        });
      },
      true,
    );
    return state;
  });
}

/**
 * Types the last name once and returns one input-to-paint figure per keydown (Playwright types "ü" as text
 * input without a keydown: 21 figures for 22 characters).
 */
async function typeLastName(page: Page, recorder: JSHandle<InputToPaint>): Promise<number[]> {
  const field = page.locator('[name="last_name"]');
  await field.fill('');
  await recorder.evaluate((state) => {
    state.generation += 1;
    state.keydowns = 0;
    state.samples = [];
  });
  await field.pressSequentially(TYPED, { delay: 60 });
  // The last keystroke's figure arrives a frame after its key was pressed.
  await page.waitForFunction(
    (state) => state.keydowns > 0 && state.samples.length === state.keydowns,
    recorder,
    { timeout: 10_000 },
  );
  const { samples } = await recorder.jsonValue();
  return samples;
}

export async function measureTyping(context: BrowserContext): Promise<TypingSamples> {
  const page = await context.newPage();
  await page.goto('/consumers/migrate');
  await page.getByRole('heading', { level: 1, name: 'Migrate a consumer' }).waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const recorder = await recordInputToPaint(page);
  const cleanForm = await typeLastName(page, recorder);
  await page.getByRole('button', { name: 'Migrate consumer' }).click();
  await page.getByRole('region', { name: 'There is a problem' }).waitFor();
  const afterFailedSubmit = await typeLastName(page, recorder);
  await page.close();
  return { cleanForm, afterFailedSubmit };
}
