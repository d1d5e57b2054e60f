/**
 * The company identity provider of the e2e run: a real OpenID provider (oidc-provider) with the test
 * staff of src/bff/testing/oidc-test-provider.ts, registered for the console at CONSOLE_URL.
 */
import { startTestIdentityProvider } from '../src/bff/testing/oidc-test-provider.ts';

const provider = await startTestIdentityProvider({
  consoleUrl: process.env.CONSOLE_URL ?? 'http://127.0.0.1:18480',
  port: Number(process.env.PROVIDER_PORT ?? 18482),
});
console.log(`test identity provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void provider.close().then(() => process.exit(0)));
