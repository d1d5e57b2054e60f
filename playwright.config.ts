import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18480);
const SANDBOX_PORT = PORT + 1;
const PROVIDER_PORT = PORT + 2;
const CONSOLE_URL = `http://127.0.0.1:${PORT}`;

/**
 * E2E against `npm start`'s real stack: fresh in-memory sandbox, fresh BFF data, fixed "today"; and a
 * real OpenID provider as the company's SSO.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/identity-provider.ts',
      url: `http://127.0.0.1:${PROVIDER_PORT}/.well-known/openid-configuration`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PROVIDER_PORT: String(PROVIDER_PORT), CONSOLE_URL },
    },
    {
      command: 'rm -rf .tmp/e2e && node --import tsx src/start.ts',
      url: `http://127.0.0.1:${PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        SANDBOX_PORT: String(SANDBOX_PORT),
        SANDBOX_DATABASE_URL: 'memory://',
        SANDBOX_TODAY: '2025-06-16',
        BFF_DATA_DIR: '.tmp/e2e/bff',
        BFF_ADMIN_PASSWORD: 'e2e-admin-password',
        LOG_LEVEL: 'warn',
        BFF_PUBLIC_URL: CONSOLE_URL,
        BFF_OIDC_ISSUER: `http://127.0.0.1:${PROVIDER_PORT}`,
        BFF_OIDC_CLIENT_ID: 'energy-console',
        BFF_OIDC_CLIENT_SECRET: 'energy-console-test-secret-0123456789',
      },
    },
  ],
});
