import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBff, consoleCall, signIn } from '../testing/test-bff.ts';
import { ADMIN_USERNAME, applyAdminPassword } from './admin-password.ts';

/** The admin password needs no platform: nothing listens here. */
const NO_UPSTREAM = 'http://127.0.0.1:9';

describe('BFF_ADMIN_PASSWORD at start', () => {
  let dataDir: string;
  let app: FastifyInstance;
  const startEntries = async () =>
    (await app.auditLog.page({ operation: 'bff_admin_password_start' }, 100, 0)).results;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bff-admin-password-'));
    app = await buildTestBff(NO_UPSTREAM, { dataDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the admin account when there is none, and says so in the audit', async () => {
    expect(await applyAdminPassword(app, 'first-admin-password')).toBe('created');
    expect(await app.users.get(ADMIN_USERNAME)).toMatchObject({ role: 'admin', disabled: false });
    expect(await startEntries()).toMatchObject([
      {
        method: 'START',
        operation: 'bff_admin_password_start',
        status: 201,
        targets: { outcome: 'created' },
      },
    ]);
  });

  it('sets the password only: a disabled, demoted admin stays disabled and demoted, and the change is audited', async () => {
    await app.users.create('ada', 'ada-admin-password', 'admin');
    const ada = await signIn(app, 'ada', 'ada-admin-password');
    const call = consoleCall(app);
    expect((await call('PATCH', `/bff/users/${ADMIN_USERNAME}`, ada, { role: 'operator' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/bff/users/${ADMIN_USERNAME}`, ada, { disabled: true })).statusCode).toBe(
      200,
    );

    expect(await applyAdminPassword(app, 'second-admin-password')).toBe('changed');
    expect(await app.users.get(ADMIN_USERNAME)).toMatchObject({ role: 'operator', disabled: true });
    // Disabled: the new password signs nobody in until an admin enables the account.
    expect(await app.users.authenticate(ADMIN_USERNAME, 'second-admin-password')).toBeNull();
    expect((await call('PATCH', `/bff/users/${ADMIN_USERNAME}`, ada, { disabled: false })).statusCode).toBe(
      200,
    );
    expect(await app.users.authenticate(ADMIN_USERNAME, 'second-admin-password')).toMatchObject({
      role: 'operator',
    });
    const entries = await startEntries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      status: 200,
      targets: { username: ADMIN_USERNAME, outcome: 'changed' },
    });
  });

  it('writes nothing at a start whose password is already set', async () => {
    expect(await applyAdminPassword(app, 'second-admin-password')).toBe('unchanged');
    expect(await startEntries()).toHaveLength(2);
  });

  it('ends the admin account’s sessions when a start changes its password', async () => {
    const admin = await signIn(app, ADMIN_USERNAME, 'second-admin-password');
    const call = consoleCall(app);
    expect((await call('GET', '/bff/user', admin)).statusCode).toBe(200);
    expect(await applyAdminPassword(app, 'third-admin-password')).toBe('changed');
    expect((await call('GET', '/bff/user', admin)).statusCode).toBe(401);
  });
});
