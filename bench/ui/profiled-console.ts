import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  chromiumLaunchOptions,
  consoleStackEnv,
  stackPorts,
} from '../../e2e/console-stack.ts';
import { stop, waitFor } from '../processes.ts';

export interface ProfiledConsole {
  browser: Browser;
  consoleUrl: string;
  /** A fresh browser context (its own cache and cookies), signed in as the seeded admin, in English. */
  signedInContext: () => Promise<BrowserContext>;
}

/**
 * The console (`src/start.ts`) on `port` with a fresh data folder, and Chromium, for one profiling script:
 * `profile` runs once the console answers; the browser, the servers and the data folder are gone after.
 */
export async function withProfiledConsole(
  name: string,
  port: number,
  profile: (console: ProfiledConsole) => Promise<void>,
): Promise<void> {
  const consoleUrl = stackPorts(port).consoleUrl;
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const stack = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    env: { ...process.env, ...consoleStackEnv(port, join(dataDir, 'bff')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  const signedInContext = async () => {
    if (!browser) throw new Error('the browser is not running');
    const context = await browser.newContext({ baseURL: consoleUrl, locale: 'en-US' });
    await context.request.post('/bff/login', {
      headers: { 'x-csrf': '1' },
      data: { username: 'admin', password: ADMIN_PASSWORD },
    });
    return context;
  };
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    await waitFor(`${consoleUrl}/readyz`);
    await profile({ browser, consoleUrl, signedInContext });
  } finally {
    await browser?.close();
    await stop(stack);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
