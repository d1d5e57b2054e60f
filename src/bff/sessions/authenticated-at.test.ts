import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBff, signIn, TEST_OPERATOR } from '../testing/test-bff.ts';

/** The session behind a `name=value` cookie header, as the BFF resolves it. */
async function sessionOf(app: FastifyInstance, cookie: string) {
  const unsigned = app.unsignCookie(cookie.slice(cookie.indexOf('=') + 1));
  expect(unsigned.valid).toBe(true);
  return app.sessions.resolve(unsigned.value!);
}

describe('when a local session was authenticated', () => {
  let now = Date.parse('2026-11-24T08:00:00Z');
  let app: FastifyInstance;

  beforeAll(async () => {
    // The platform is never called here.
    app = await buildTestBff('http://127.0.0.1:1', {
      dataDir: join(tmpdir(), 'bff-authenticated-at-unused'),
      now: () => now,
    });
    await app.users.create(TEST_OPERATOR.username, TEST_OPERATOR.password, TEST_OPERATOR.role);
  });
  afterAll(() => app?.close());

  it('is the moment of the password sign-in, and a later sign-in is a new moment', async () => {
    const first = await signIn(app, TEST_OPERATOR.username, TEST_OPERATOR.password);
    const signedInAt = now;
    now += 10 * 60_000;
    // Using the session is no new proof: the time stays that of the password.
    expect((await sessionOf(app, first))?.authenticatedAt).toBe(signedInAt);

    const again = await signIn(app, TEST_OPERATOR.username, TEST_OPERATOR.password);
    expect((await sessionOf(app, again))?.authenticatedAt).toBe(now);
  });
});
