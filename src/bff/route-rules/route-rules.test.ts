import type * as FastifyModule from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestBff } from '../testing/test-bff.ts';

/** What the test reads of a route's options. */
interface CollectedRoute {
  method: string | string[];
  url: string;
  config?: FastifyContextConfig;
}

/** Every route the BFF registers, with its options, collected as Fastify adds them. */
const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the wrapper passes its options unchanged to Fastify's factory and answers its instance, so it keeps every overload's contract
  const withRoutesCollected = ((options: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options);
    app.addHook('onRoute', ({ method, url, config }) => {
      routes.push({ method, url, config });
    });
    return app;
  }) as typeof fastify.default;
  return { ...fastify, default: withRoutesCollected };
});

/**
 * Writes that change data and have no audit entry, each with its reason. A new write belongs here only
 * with one; otherwise it declares `config.audit`.
 */
const UNAUDITED_WRITES = new Set([
  // Sign-in and sign-out: failed sign-ins are counted by the throttle, sessions are listed per account.
  'POST /bff/login',
  'POST /bff/logout',
  // Challenges: nothing changes until the passkey comes back (registered or used: audited).
  'POST /bff/passkeys/registration-options',
  'POST /bff/passkeys/authentication-options',
  // A check against stored records: it changes nothing.
  'POST /bff/records/duplicates',
  // "I have seen my decisions": the requester's own note, not an action on anything.
  'POST /bff/approvals/decisions-for-me',
]);

const methodsOf = (route: CollectedRoute) => [route.method].flat();
const isWrite = (route: CollectedRoute) =>
  methodsOf(route).some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
const nameOf = (route: CollectedRoute) => `${methodsOf(route).join(',')} ${route.url}`;

describe('route rules (config.roles, config.audit)', () => {
  const ours = () => routes.filter((route) => /^\/(bff|api)\//.test(route.url));

  beforeAll(async () => {
    const app = await buildTestBff('http://127.0.0.1:9', { dataDir: '/nonexistent' });
    afterAll(() => app.close());
  });

  it('collects the BFF routes', () => {
    expect(ours().map(nameOf)).toEqual(expect.arrayContaining(['POST /bff/users', 'GET /bff/audit']));
  });

  it('gives every /bff and /api route a role rule, or says it is public', () => {
    const without = ours().filter((route) => route.config?.roles === undefined);
    expect(without.map(nameOf)).toEqual([]);
  });

  it('names the audit operation of every /bff write, bar the listed ones', () => {
    const writes = ours().filter((route) => route.url.startsWith('/bff/') && isWrite(route));
    const unaudited = writes.filter((route) => !route.config?.audit).map(nameOf);
    expect(unaudited.filter((name) => !UNAUDITED_WRITES.has(name))).toEqual([]);
    // The list holds no route that no longer exists or that is audited now.
    expect([...UNAUDITED_WRITES].filter((name) => !unaudited.includes(name))).toEqual([]);
  });
});
