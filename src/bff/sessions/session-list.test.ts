import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { staffSessionSchema } from '../../contract/accounts.ts';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import { until } from '../../node-shared/testing/until.ts';
import { buildTestBff, consoleCall, CSRF, type ConsoleCall } from '../testing/test-bff.ts';

/** Sessions need no platform: nothing listens here. */
const NO_UPSTREAM = 'http://127.0.0.1:9';
const PASSWORD = 'a password nobody guesses';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
/** The replicas' time, which does not move (see refusedOnceNotified). */
const STOPPED_CLOCK = Date.parse('2026-11-28T08:00:00Z');
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';

/** Two BFF replicas on one PostgreSQL database: a session ended on one is ended on the other at once. */
describe('listing and ending sessions, on two replicas', () => {
  let postgres: { url: string; drop: () => Promise<void> };
  let first: FastifyInstance;
  let second: FastifyInstance;
  let onFirst: ConsoleCall;
  let onSecond: ConsoleCall;

  const signIn = async (app: FastifyInstance, username: string, userAgent: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, 'user-agent': userAgent },
      payload: { username, password: PASSWORD },
    });
    expect(answer.statusCode).toBe(200);
    return `${answer.cookies[0]!.name}=${answer.cookies[0]!.value}`;
  };
  const sessionsOf = async (call: ConsoleCall, cookie: string, query = '') => {
    const answer = await call('GET', `/bff/sessions${query}`, cookie);
    expect(answer.statusCode).toBe(200);
    return z.array(staffSessionSchema).parse(answer.json());
  };

  /**
   * Refused on the replica `call` reaches. Both replicas' clocks stand still, so their caches would trust
   * the session for good (REVALIDATE_AFTER_MS never passes): only the ending's NOTIFY can make them refuse.
   */
  const refusedOnceNotified = (call: ConsoleCall, cookie: string) =>
    until(async () => (await call('GET', '/bff/user', cookie)).statusCode === 401, 10_000);

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    const replica = () =>
      buildTestBff(NO_UPSTREAM, {
        dataDir: tmpdir(),
        databaseUrl: postgres.url,
        sessionSecret: 'session-list-test-secret-0123456789abcdef',
        now: () => STOPPED_CLOCK,
      });
    first = await replica();
    second = await replica();
    onFirst = consoleCall(first);
    onSecond = consoleCall(second);
    await first.users.create('olga', PASSWORD, 'operator');
    await first.users.create('otto', PASSWORD, 'operator');
    await first.users.create('ada', PASSWORD, 'admin');
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await postgres?.drop();
  });

  it('lists one’s own sessions with browser, address and times, marking the current one', async () => {
    const laptop = await signIn(first, 'olga', LAPTOP);
    await signIn(second, 'olga', PHONE);
    const listed = await sessionsOf(onSecond, laptop);
    expect(listed).toHaveLength(2);
    expect(listed.find((session) => session.current)).toMatchObject({ user_agent: LAPTOP, ip: '127.0.0.1' });
    expect(listed.find((session) => !session.current)).toMatchObject({ user_agent: PHONE });
    for (const session of listed) {
      expect(Date.parse(session.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(JSON.stringify(listed)).not.toContain(laptop.split('=')[1]!.split('.')[0]!);
  });

  it('ends one’s other session: refused on the other replica from then on', async () => {
    const desk = await signIn(first, 'otto', LAPTOP);
    const lostLaptop = await signIn(second, 'otto', PHONE);
    // Both replicas have the lost laptop's session in their caches.
    expect((await onFirst('GET', '/bff/user', lostLaptop)).statusCode).toBe(200);
    expect((await onSecond('GET', '/bff/user', lostLaptop)).statusCode).toBe(200);
    const lost = (await sessionsOf(onFirst, desk)).find((session) => !session.current)!;

    expect((await onFirst('DELETE', `/bff/sessions/${lost.id}`, desk)).statusCode).toBe(204);
    await refusedOnceNotified(onSecond, lostLaptop);
    expect((await onFirst('GET', '/bff/user', lostLaptop)).statusCode).toBe(401);
    expect((await onSecond('GET', '/bff/user', desk)).statusCode).toBe(200);
    expect((await sessionsOf(onSecond, desk)).map((session) => session.current)).toEqual([true]);
    expect((await onFirst('DELETE', `/bff/sessions/${lost.id}`, desk)).statusCode).toBe(404);
  });

  it('does not let staff see or end someone else’s sessions', async () => {
    const olga = await signIn(first, 'olga', LAPTOP);
    const otto = await signIn(first, 'otto', LAPTOP);
    const ottosSession = (await sessionsOf(onFirst, otto))[0]!;
    expect((await onFirst('GET', '/bff/sessions?username=otto', olga)).statusCode).toBe(403);
    expect((await onFirst('DELETE', `/bff/sessions/${ottosSession.id}`, olga)).statusCode).toBe(404);
    expect((await onFirst('GET', '/bff/user', otto)).statusCode).toBe(200);
    expect((await onFirst('DELETE', '/bff/sessions/not-a-session', olga)).statusCode).toBe(400);
    expect((await onFirst('GET', '/bff/sessions', undefined)).statusCode).toBe(401);
  });

  it('lets an admin list and end anyone’s session, audited without secrets', async () => {
    const ada = await signIn(second, 'ada', LAPTOP);
    const otto = await signIn(first, 'otto', PHONE);
    const ottos = await sessionsOf(onSecond, ada, '?username=otto');
    const target = ottos.find((session) => session.user_agent === PHONE && session.current === false)!;
    expect(target).toBeDefined();
    expect((await onSecond('DELETE', `/bff/sessions/${target.id}`, ada)).statusCode).toBe(204);
    await refusedOnceNotified(onFirst, otto);
    // Found by its target: with the clocks stopped, every ending is audited at the same instant.
    const audited = (await second.auditLog.page({ operation: 'bff_sessions_end' }, 100, 0)).results.find(
      (entry) => JSON.stringify(entry.targets).includes(target.id),
    );
    expect(audited).toMatchObject({
      username: 'ada',
      targets: { username: 'otto', session: target.id },
      status: 204,
    });
    expect(JSON.stringify(audited)).not.toContain(otto.split('=')[1]!.split('.')[0]!);
  });

  it('ending the current session signs it out and clears its cookie', async () => {
    const olga = await signIn(first, 'olga', LAPTOP);
    const current = (await sessionsOf(onFirst, olga)).find((session) => session.current)!;
    const ended = await onFirst('DELETE', `/bff/sessions/${current.id}`, olga);
    expect(ended.statusCode).toBe(204);
    expect(ended.cookies[0]).toMatchObject({ value: '' });
    expect((await onSecond('GET', '/bff/user', olga)).statusCode).toBe(401);
  });
});
