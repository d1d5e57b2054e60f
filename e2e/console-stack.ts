/**
 * The stack the browser runs against, shared by the e2e suite (playwright.config.ts) and the browser benchmark
 * (bench/ui): `npm start`'s start.ts with a fresh in-memory sandbox, fresh BFF data and a fixed "today", and the
 * Debian Chromium with the same flags, so both measure and assert the same thing.
 */

/** The seed's "today" (Europe/Berlin): the delivery-start and not-yet-delivered rules depend on it. */
export const SANDBOX_TODAY = '2025-06-16';
export const ADMIN_PASSWORD = 'e2e-admin-password';

/**
 * The console on `port`, its sandbox on `port + 1`, an identity provider (when used) on `port + 2`. The
 * console is reached by the host name `localhost`, not an IP address: passkeys are bound to a host name
 * (browsers refuse an IP address as WebAuthn relying party), and BFF_PUBLIC_URL names it.
 */
export function stackPorts(port: number) {
  return {
    console: port,
    sandbox: port + 1,
    provider: port + 2,
    consoleUrl: `http://localhost:${port}`,
    providerUrl: `http://127.0.0.1:${port + 2}`,
  };
}

/** start.ts's environment: the console on `port`, the BFF's data under `dataDir` (removed beforehand). */
export function consoleStackEnv(port: number, dataDir: string): Record<string, string> {
  const ports = stackPorts(port);
  return {
    PORT: String(ports.console),
    SANDBOX_PORT: String(ports.sandbox),
    SANDBOX_DATABASE_URL: 'memory://',
    SANDBOX_TODAY,
    BFF_DATA_DIR: dataDir,
    BFF_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    BFF_PUBLIC_URL: ports.consoleUrl,
  };
}

/** The BFF's SSO settings against e2e/identity-provider.ts on the stack's provider port. */
export function singleSignOnEnv(port: number): Record<string, string> {
  return {
    BFF_OIDC_ISSUER: stackPorts(port).providerUrl,
    BFF_OIDC_CLIENT_ID: 'energy-console',
    BFF_OIDC_CLIENT_SECRET: 'energy-console-test-secret-0123456789',
  };
}

/** Debian's Chromium without the services that would add network traffic or noise to a run. */
export const chromiumLaunchOptions = {
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
};
