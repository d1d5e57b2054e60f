import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing/harness.ts';
import type { Role } from '../../contract/bff-api.ts';
import { buildBffApp, type BffOptions } from '../app.ts';
import { TokenManager } from '../token-manager.ts';
import { startLossyUpstream, type LossyUpstream } from './lossy-upstream.ts';

/** The header every console request carries (the BFF refuses /api and /bff requests without it). */
export const CSRF = { 'x-csrf': '1' } as const;

export interface TestStaff {
  username: string;
  password: string;
  role: Role;
}

/** The operator and the admin every signed-in test BFF has. */
export const TEST_OPERATOR: TestStaff = { username: 'olga', password: 'olga-password-1', role: 'operator' };
export const TEST_ADMIN: TestStaff = { username: 'ada', password: 'ada-password-12', role: 'admin' };

/** A BFF on the in-memory database keeps nothing in its data directory. */
const UNUSED_DATA_DIR = join(tmpdir(), 'bff-test-unused');

/** The real sandbox on a real port, as the BFF's upstream. */
export async function startUpstreamSandbox(): Promise<{ sandbox: TestSandbox; url: string }> {
  const sandbox = await startTestSandbox('pglite');
  const address = await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  return { sandbox, url: address.replace('localhost', '127.0.0.1') };
}

/** A BFF in this process in front of `upstream`, on an in-memory database unless told otherwise. */
export function buildTestBff(
  upstream: string,
  options: Partial<BffOptions> & Pick<BffOptions, 'dataDir'>,
): Promise<FastifyInstance> {
  return buildBffApp({
    databaseUrl: 'memory://',
    environment: 'sandbox',
    upstreamBaseUrl: upstream,
    tokens: new TokenManager({
      baseUrl: upstream,
      clientId: 'sandbox-rw',
      clientSecret: 'sandbox-rw-secret',
    }),
    upstreamTimeoutMs: 5000,
    ...options,
  });
}

/** Signs in through `POST /bff/login` as the console does; the session cookie, for a `cookie` header. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/bff/login',
    headers: CSRF,
    payload: { username, password },
  });
  const cookie = response.cookies[0];
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`${username} could not sign in: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Creates a local account and signs it in; its session cookie. */
export async function addSignedInStaff(app: FastifyInstance, staff: TestStaff): Promise<string> {
  await app.users.create(staff.username, staff.password, staff.role);
  return signIn(app, staff.username, staff.password);
}

/** A request as the console sends it: X-CSRF, the session in `cookie` (none when undefined), a JSON body. */
export type ConsoleCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: object,
) => Promise<LightMyRequestResponse>;

export function consoleCall(app: FastifyInstance): ConsoleCall {
  return (method, url, cookie, payload) =>
    app.inject({
      method,
      url,
      headers: { ...CSRF, ...(cookie === undefined ? {} : { cookie }) },
      ...(payload === undefined ? {} : { payload }),
    });
}

/** A BFF with the test operator and admin signed in. */
export interface SignedInBff {
  app: FastifyInstance;
  /** Session cookies of TEST_OPERATOR and TEST_ADMIN. */
  operator: string;
  admin: string;
  call: ConsoleCall;
}

/** A test BFF in front of `upstream` with TEST_OPERATOR and TEST_ADMIN signed in. */
export async function startSignedInBff(
  upstream: string,
  options: Partial<BffOptions> = {},
): Promise<SignedInBff> {
  const app = await buildTestBff(upstream, { dataDir: UNUSED_DATA_DIR, ...options });
  try {
    const operator = await addSignedInStaff(app, TEST_OPERATOR);
    const admin = await addSignedInStaff(app, TEST_ADMIN);
    return { app, operator, admin, call: consoleCall(app) };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** A signed-in BFF with the real sandbox as its platform; `close` ends both. */
export interface BffWithSandbox extends SignedInBff {
  sandbox: TestSandbox;
  close(): Promise<void>;
}

/** The real sandbox and a BFF in front of it with the test operator and admin signed in. */
export async function startBffWithSandbox(options: Partial<BffOptions> = {}): Promise<BffWithSandbox> {
  const { sandbox, url } = await startUpstreamSandbox();
  try {
    const bff = await startSignedInBff(url, options);
    return {
      ...bff,
      sandbox,
      close: async () => {
        await bff.app.close();
        await sandbox.close();
      },
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** The same with a network between the BFF and the sandbox that can delay and lose the platform's answers. */
export async function startBffWithSandboxBehindLossyNetwork(
  options: Partial<BffOptions> = {},
): Promise<BffWithSandbox & { network: LossyUpstream }> {
  const { sandbox, url } = await startUpstreamSandbox();
  const network = await startLossyUpstream(url);
  try {
    const bff = await startSignedInBff(network.url, options);
    return {
      ...bff,
      sandbox,
      network,
      close: async () => {
        await bff.app.close();
        await network.close();
        await sandbox.close();
      },
    };
  } catch (error) {
    await network.close();
    await sandbox.close();
    throw error;
  }
}
