import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenResponseSchema } from '../contract/api/token.ts';

/** The real `npm run sandbox` process: start-up output, logs without secrets, clean SIGTERM. */
describe('sandbox server process', () => {
  it('prints the seeded clients, logs no secret or token, and closes the database on SIGTERM', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-server-'));
    const port = 18_900 + Math.floor(Math.random() * 90);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/server.ts'], {
      env: {
        ...process.env,
        SANDBOX_DATABASE_URL: join(directory, 'db'),
        SANDBOX_PORT: String(port),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      // The first start seeds three years of feed-in values: on a loaded machine (CI runs lint and the build
      // beside the suites) that took over 20 s. Waited for as long as the process lives, up to two minutes.
      for (
        let i = 0;
        i < 1200 && !output.includes('OAuth2 client: sandbox-ro') && child.exitCode === null;
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain('OAuth2 client: sandbox-rw / sandbox-rw-secret (scopes: read write)');
      const tokenResponse = await fetch(`${base}/oauth2/token/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('sandbox-ro:sandbox-ro-secret').toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });
      const { access_token: token } = tokenResponseSchema.parse(await tokenResponse.json());
      const check = await fetch(`${base}/v3/validation/market_location/?market_location_id=51238696781`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(check.status).toBe(200);
      expect(existsSync(join(directory, 'db', 'energy-console.lock'))).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The banner prints the seeded credentials on purpose; everything after it is the request log.
      const bannerEnd = output.indexOf('\n', output.indexOf('OAuth2 client: sandbox-ro'));
      const logsAfterBanner = output.slice(bannerEnd);
      expect(logsAfterBanner).toContain('"status":200');
      expect(logsAfterBanner).not.toContain(token);
      expect(logsAfterBanner).not.toContain('sandbox-ro-secret');
      expect(logsAfterBanner).not.toContain(Buffer.from('sandbox-ro:sandbox-ro-secret').toString('base64'));
      expect(existsSync(join(directory, 'db', 'energy-console.lock'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    }
  }, 180_000);
});
