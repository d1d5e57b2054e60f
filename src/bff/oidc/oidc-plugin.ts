import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { type SsoOutcome } from '../../contract/bff-api.ts';
import {
  backchannelLogoutSchema,
  ssoCallbackQuerySchema,
  ssoSignInQuerySchema,
} from '../../contract/bff-route-schemas.ts';
import { AccountChangedError } from '../sessions/session-store.ts';
import { secureCookieName, startSession } from '../sessions/sessions-plugin.ts';
import { handoverPage } from './handover-page.ts';
import {
  IdentityProvider,
  InvalidLogoutTokenError,
  ProviderUnavailableError,
  type IdentityProviderOptions,
} from './identity-provider.ts';
import { LOGIN_TRANSACTION_TTL_MS, LoginTransactionSeal, safeReturnPath } from './login-transaction.ts';
import { ssoUsername } from './staff-claims.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The company's OpenID provider; null when BFF_OIDC_ISSUER is unset. */
    identityProvider: IdentityProvider | null;
  }
}

export interface OidcPluginOptions {
  /** Unset: no SSO routes, `identityProvider` is null. */
  provider?: Omit<IdentityProviderOptions, 'now' | 'onDiscoveryFailure'> | undefined;
  now: () => number;
}

const DEFAULT_RETURN_PATH = '/';
/** A logout token is a few kilobytes at most. */
const BACKCHANNEL_BODY_LIMIT = 64 * 1024;

/** Back to the sign-in page, saying why there is no session, and keeping where the person was going. */
function toSignInPage(reply: FastifyReply, outcome: SsoOutcome, returnTo?: string) {
  const search = new URLSearchParams({ sso: outcome });
  if (returnTo && returnTo !== DEFAULT_RETURN_PATH) search.set('redirect', returnTo);
  return reply.redirect(`/sign-in?${search}`, 303);
}

function outcomeOf(error: unknown): SsoOutcome {
  if (error instanceof ProviderUnavailableError) return 'unavailable';
  if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') return 'cancelled';
  return 'failed';
}

/**
 * Staff sign-in through the company's OpenID provider (Duende.BFF's shape): the BFF is the confidential
 * client, tokens stay in the BFF's database, the browser only ever holds the session cookie.
 * `GET /bff/login/oidc` → provider → `GET /bff/callback` → a same-origin handover page → the console.
 * With `max_age` it is a step-up (an approval's `reauthenticate_url`): the provider signs the person in
 * again unless it did so within that many seconds, and the new session's `authenticatedAt` says when.
 * `POST /bff/backchannel` takes the provider's logout tokens. These three carry no X-CSRF header:
 * state, PKCE, nonce and signed logout tokens protect them (see security-plugin).
 */
export default fp<OidcPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    if (!options.provider) {
      app.decorate('identityProvider', null);
      return;
    }
    const provider = new IdentityProvider({
      ...options.provider,
      now: options.now,
      onDiscoveryFailure: (error) =>
        app.log.warn({ err: error, issuer: options.provider!.issuer }, 'identity provider unavailable'),
    });
    app.decorate('identityProvider', provider);
    const seal = new LoginTransactionSeal(app.deriveKey('oidc-login-transaction'), options.now);
    // Discover in the background: a provider that is down must not stop the BFF from starting.
    app.addHook('onReady', () => {
      void provider.status();
    });

    const transactionCookie = (request: FastifyRequest, state: string) => {
      const name = seal.cookieName(state);
      return request.protocol === 'https' ? secureCookieName(name) : name;
    };

    app.get(
      '/bff/login/oidc',
      { config: { roles: 'public' }, schema: { querystring: ssoSignInQuerySchema } },
      async (request, reply) => {
        const returnTo = safeReturnPath(request.query.returnTo) ?? DEFAULT_RETURN_PATH;
        let started;
        try {
          started = await provider.startSignIn(returnTo, request.query.max_age);
        } catch (error) {
          request.log.warn({ err: error }, 'SSO sign-in could not start');
          return toSignInPage(reply, outcomeOf(error), returnTo);
        }
        // Lax, not Strict: it must come back on the provider's redirect, a navigation from another site.
        void reply.setCookie(
          transactionCookie(request, started.transaction.state),
          seal.seal(started.transaction),
          {
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            path: '/',
            maxAge: LOGIN_TRANSACTION_TTL_MS / 1000,
          },
        );
        return reply.redirect(started.url.href, 303);
      },
    );

    app.get(
      '/bff/callback',
      { config: { roles: 'public' }, schema: { querystring: ssoCallbackQuerySchema } },
      async (request, reply) => {
        const state = request.query.state ?? '';
        const cookieName = state ? transactionCookie(request, state) : null;
        const sealed = cookieName ? request.cookies[cookieName] : undefined;
        const transaction = sealed ? seal.open(sealed, state) : null;
        if (cookieName && sealed)
          void reply.clearCookie(cookieName, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
          });
        if (!transaction) {
          // Altered or unknown state, a sign-in begun in another browser, or one left for over ten minutes.
          request.log.warn('SSO callback without a matching sign-in transaction');
          return toSignInPage(reply, request.query.error === 'access_denied' ? 'cancelled' : 'expired');
        }
        // The redirect URI as registered: the public origin, whatever Host this replica was reached by.
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        let identity;
        try {
          identity = await provider.completeSignIn(new URL(`${provider.redirectUri}${query}`), transaction);
        } catch (error) {
          request.log.warn({ err: error }, 'SSO sign-in refused');
          return toSignInPage(reply, outcomeOf(error), transaction.returnTo);
        }
        const username = ssoUsername(identity.subject);
        if (!identity.role) {
          request.log.warn({ username }, 'SSO sign-in refused: no console role in the role claim');
          return toSignInPage(reply, 'no-role', transaction.returnTo);
        }
        // The account's row: admins see SSO accounts and can disable them; its version binds the session.
        const accountVersion = await app.users.ssoSignIn(username, identity.role);
        if (accountVersion === null) {
          request.log.warn({ username }, 'SSO sign-in refused: the account is disabled here');
          return toSignInPage(reply, 'disabled', transaction.returnTo);
        }
        try {
          await startSession(request, reply, {
            username,
            role: identity.role,
            displayName: identity.displayName,
            providerSessionId: identity.providerSessionId,
            idToken: identity.idToken,
            authenticatedAt: identity.authenticatedAt,
            authenticatedWith: 'sso',
            accountVersion,
          });
        } catch (error) {
          if (!(error instanceof AccountChangedError)) throw error;
          request.log.warn({ username }, 'SSO sign-in refused: the account was changed meanwhile');
          return toSignInPage(reply, 'disabled', transaction.returnTo);
        }
        request.log.info({ username, role: identity.role }, 'signed in through SSO');
        return reply.type('text/html; charset=utf-8').send(handoverPage(transaction.returnTo));
      },
    );

    await app.register(async (context) => {
      const backchannel = context.withTypeProvider<ZodTypeProvider>();
      // Only a form is read here; any other body (JSON too, bad or not) reaches the route as no form and
      // is refused in OAuth's words below, as the provider expects, not in the console's field errors.
      backchannel.removeAllContentTypeParsers();
      backchannel.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: BACKCHANNEL_BODY_LIMIT },
        (_request, _body, done) => done(null, null),
      );
      backchannel.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: BACKCHANNEL_BODY_LIMIT },
        (_request, body, done) =>
          done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
      // The limit on the route too, so a refusal names it (the error handler reads the route's own limit).
      // A body that is not such a form is refused in OAuth's words (attachValidation), not as field errors.
      backchannel.post(
        '/bff/backchannel',
        {
          bodyLimit: BACKCHANNEL_BODY_LIMIT,
          attachValidation: true,
          schema: { body: backchannelLogoutSchema },
        },
        async (request, reply) => {
          const refuse = (description: string) =>
            reply.code(400).send({ error: 'invalid_request', error_description: description });
          if (request.validationError) return refuse('Send the logout_token as a form field.');
          const token = request.body;
          let logout;
          try {
            logout = await provider.verifyLogoutToken(token);
          } catch (error) {
            request.log.warn({ err: error }, 'back-channel logout refused');
            return refuse(
              error instanceof InvalidLogoutTokenError
                ? 'The logout token is not valid.'
                : 'The logout token cannot be checked now.',
            );
          }
          const ended = await app.sessions.destroyProviderSessions({
            ...(logout.subject && { username: ssoUsername(logout.subject) }),
            ...(logout.providerSessionId && { providerSessionId: logout.providerSessionId }),
          });
          request.log.info({ ...logout, ended }, 'back-channel logout');
          return reply.code(200).send();
        },
      );
    });
  },
  { name: 'bff-oidc', dependencies: ['bff-sessions'] },
);
