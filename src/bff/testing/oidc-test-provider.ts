import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { listenLocally } from '../../node-shared/testing/listen.ts';
import { browse, followUntil, type CookieJar } from './browser-like.ts';

/** The provider's staff: the role claim as Entra ID sends it (an array) or as a string; one with no console role. */
export const TEST_STAFF = {
  ada: { name: 'Ada Lovelace', roles: ['operator'] },
  grace: { name: 'Grace Hopper', roles: ['viewer', 'admin', 'finance'] },
  vera: { name: 'Vera Viewer', roles: 'viewer' },
  norbert: { name: 'Norbert Nobody', roles: ['finance'] },
} as const;
export type TestStaffLogin = keyof typeof TEST_STAFF;

const isTestStaffLogin = (id: string): id is TestStaffLogin => Object.hasOwn(TEST_STAFF, id);

export const TEST_CLIENT = { id: 'energy-console', secret: 'energy-console-test-secret-0123456789' };

/** The BFF's `identityProvider` option for the test provider at `issuer`, the console at `publicUrl`. */
export function testProviderOptions(issuer: string, publicUrl: string) {
  return {
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    publicUrl,
    roleClaim: 'roles',
  };
}

export interface TestIdentityProvider {
  issuer: string;
  /** The provider's signing key, so tests can forge logout tokens it would sign, and alter them. */
  signingKey: JWK;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, the certified Node implementation) for tests and the e2e run,
 * registered with the console as a confidential client with back-channel and RP-initiated logout.
 * Sign-in uses its development pages: any password, the login names a TEST_STAFF entry; consent is
 * granted up front, as a company does for its own applications.
 */
export async function startTestIdentityProvider(options: {
  consoleUrl: string;
  port?: number;
}): Promise<TestIdentityProvider> {
  // The port (and so the issuer) is known only once listening, but a request may come at once (the e2e
  // run polls the discovery document): it waits for the provider instead of hanging unanswered.
  type Handler = (request: IncomingMessage, response: ServerResponse) => void;
  let provideHandler!: (handler: Handler) => void;
  const handler = new Promise<Handler>((resolve) => (provideHandler = resolve));
  const server = createServer(
    (request, response) => void handler.then((handle) => handle(request, response)),
  );
  const issuer = await listenLocally(server, options.port);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key-1' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [`${options.consoleUrl}/bff/callback`],
        post_logout_redirect_uris: [`${options.consoleUrl}/sign-in`],
        backchannel_logout_uri: `${options.consoleUrl}/bff/backchannel`,
        backchannel_logout_session_required: true,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    // Released at userinfo (oidc-provider keeps ID tokens minimal in the code flow): the BFF reads both.
    claims: { openid: ['sub'], profile: ['name', 'roles'], email: ['email'] },
    async findAccount(_context, id) {
      if (!isTestStaffLogin(id)) return undefined;
      const person = TEST_STAFF[id];
      return {
        accountId: id,
        claims: async () => ({ sub: id, name: person.name, roles: person.roles, email: `${id}@example.com` }),
      };
    },
    async loadExistingGrant(context: KoaContextWithOIDC) {
      const { oidc } = context;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    cookies: { keys: ['energy-console-test-provider-cookies'] },
    // Its SSRF guard refuses loopback addresses, where the console runs in tests: drop the guard here.
    fetch: (url, init) => {
      const { dispatcher: _guard, ...options } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return fetch(url, options);
    },
  });
  provider.on('server_error', (_context, error) => console.error('test identity provider:', error));
  provider.on('backchannel.error', (_context, error) =>
    console.error('test identity provider: back-channel logout failed:', error),
  );
  const callback = provider.callback();
  // oidc-provider's callback answers the response itself; the promise only says when it is done.
  provideHandler((request, response) => void callback(request, response));

  return {
    issuer,
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the test provider: from its authorization URL to its redirect back to `callback` (returned,
 * not followed), entering `login` on the provider's sign-in page when it shows one (a provider session
 * recent enough, from an earlier sign-in in the same jar, makes it unnecessary).
 */
export async function signInAtTestProvider(
  jar: CookieJar,
  authorizationUrl: string,
  login: TestStaffLogin,
  callback: string,
): Promise<{ callback: URL; askedToSignIn: boolean }> {
  let step = await followUntil(jar, await browse(jar, authorizationUrl), authorizationUrl, callback);
  const askedToSignIn = !step.stopped;
  if (askedToSignIn) {
    const page = await step.response.text();
    const form = /action="([^"]+)"/.exec(page);
    if (!form?.[1])
      throw new Error(`the provider answered neither a redirect nor its sign-in page:\n${page}`);
    const action = new URL(form[1], step.url).href;
    const submitted = await browse(jar, action, { form: { prompt: 'login', login, password: 'any' } });
    step = await followUntil(jar, submitted, action, callback);
  }
  if (!step.stopped) throw new Error(`the provider did not send ${login} back to ${callback}`);
  return { callback: new URL(step.url), askedToSignIn };
}
