import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, consoleStackEnv, singleSignOnEnv, stackPorts } from './e2e/console-stack.ts';

const PORT = Number(process.env.E2E_PORT ?? 18480);
const ports = stackPorts(PORT);

/**
 * E2E against `npm start`'s real stack: fresh in-memory sandbox, fresh BFF data, fixed "today"; and a
 * real OpenID provider as the company's SSO.
 */
export default defineConfig({
  testDir: 'e2e',
  // Per stack: scripts/e2e.ts runs two at once, and Playwright empties its output folder when a run starts.
  outputDir: `test-results/run-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Tests with two or three browsers (four eyes) took up to 60 s on the two-core machine with two runs side by side.
  timeout: 120_000,
  reporter: [
    ['list'],
    // Each spec file's time, which scripts/e2e.ts balances its two runs on.
    ['./e2e/spec-seconds-reporter.ts', { outputFile: `test-results/spec-seconds-${PORT}.json` }],
  ],
  use: {
    baseURL: ports.consoleUrl,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: 'node --import tsx e2e/identity-provider.ts',
      url: `${ports.providerUrl}/.well-known/openid-configuration`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PROVIDER_PORT: String(ports.provider), CONSOLE_URL: ports.consoleUrl },
    },
    {
      command: `rm -rf .tmp/e2e-${PORT} && node --import tsx src/start.ts`,
      url: `${ports.consoleUrl}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...consoleStackEnv(PORT, `.tmp/e2e-${PORT}/bff`), ...singleSignOnEnv(PORT) },
    },
  ],
});
