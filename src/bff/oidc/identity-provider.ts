import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import type { Role } from '../../contract/bff-api.ts';
import { LOGIN_TRANSACTION_TTL_MS, type LoginTransaction } from './login-transaction.ts';
import { displayNameFrom, roleFromClaim } from './staff-claims.ts';

/** Discovery is repeated at most this often, so the sign-in page's "available" stays current. */
const REDISCOVER_AFTER_MS = 60_000;
/** After a failed discovery, sign-in pages are answered from the failure for this long. */
const RETRY_AFTER_MS = 10_000;
const TIMEOUT_SECONDS = 5;
/** Logout tokens older than this are refused (replayed or stuck in a queue). */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 10 * 60;
const CLOCK_TOLERANCE_SECONDS = 60;
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** What the BFF asks for: who the person is; roles come with the profile or from a provider mapper. */
const SCOPE = 'openid profile email';

export interface IdentityProviderOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The console's public origin: `…/bff/callback` is the redirect URI, `…/sign-in` the post-logout one. */
  publicUrl: string;
  roleClaim: string;
  now?: () => number;
  onDiscoveryFailure?: (error: unknown) => void;
}

/** Someone the provider vouched for; `role` null when the role claim names none of the console's roles. */
export interface ProviderIdentity {
  subject: string;
  displayName: string;
  role: Role | null;
  providerSessionId: string | null;
  idToken: string;
  /** When they last signed in at the provider (the ID token's `auth_time`, in ms); null when it did not say. */
  authenticatedAt: number | null;
}

/** The provider cannot be reached or its discovery document is unusable. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The identity provider is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'ProviderUnavailableError';
  }
}

/** A logout token that fails verification (OIDC Back-Channel Logout 1.0, 2.6). */
export class InvalidLogoutTokenError extends Error {
  override name = 'InvalidLogoutTokenError';
}

/**
 * The BFF as a confidential OpenID Connect client (authorization code with PKCE, `state` and `nonce`)
 * through openid-client, plus back-channel logout tokens verified with jose against the provider's keys.
 * Discovery is lazy and retried, so a provider that is down never stops the BFF from starting.
 */
export class IdentityProvider {
  readonly redirectUri: string;
  readonly postLogoutRedirectUri: string;
  private readonly now: () => number;
  private discovered: { config: oidc.Configuration; at: number } | null = null;
  private failure: { error: unknown; at: number } | null = null;
  private pending: Promise<oidc.Configuration> | null = null;
  private keys: { uri: string; get: JWTVerifyGetKey } | null = null;

  constructor(private readonly options: IdentityProviderOptions) {
    this.redirectUri = `${options.publicUrl}/bff/callback`;
    this.postLogoutRedirectUri = `${options.publicUrl}/sign-in`;
    this.now = options.now ?? Date.now;
  }

  /** For the sign-in page: can staff sign in through the provider right now? */
  async status(): Promise<'available' | 'unavailable'> {
    try {
      await this.configuration();
      return 'available';
    } catch {
      return 'unavailable';
    }
  }

  /**
   * The provider's authorization URL and the transaction to keep until the browser returns. With `maxAge`
   * (a step-up), the provider must have authenticated the person within that many seconds, asking again
   * if not (OIDC Core 3.1.2.1 `max_age`).
   */
  async startSignIn(returnTo: string, maxAge?: number): Promise<{ url: URL; transaction: LoginTransaction }> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const transaction: LoginTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      returnTo,
      ...(maxAge !== undefined && { maxAge }),
      expiresAt: this.now() + LOGIN_TRANSACTION_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
      ...(maxAge !== undefined && { max_age: String(maxAge) }),
    });
    return { url, transaction };
  }

  /**
   * Redeems the code at the callback: `state`, `iss`, PKCE, the ID token's signature, audience and
   * `nonce` are all checked by openid-client, and with the transaction's `maxAge` the ID token must
   * carry an `auth_time` that recent (a provider that ignored `max_age` is refused). The role is read
   * from the ID token, or from userinfo when the provider releases it only there (oidc-provider, some
   * Keycloak setups).
   */
  async completeSignIn(callbackUrl: URL, transaction: LoginTransaction): Promise<ProviderIdentity> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
      ...(transaction.maxAge !== undefined && { maxAge: transaction.maxAge }),
    });
    const idTokenClaims = tokens.claims()!;
    let claims: Record<string, unknown> = idTokenClaims;
    const needsUserInfo = !(this.options.roleClaim in idTokenClaims) || !idTokenClaims.name;
    if (needsUserInfo && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idTokenClaims.sub);
      claims = { ...userInfo, ...idTokenClaims };
    }
    return {
      subject: idTokenClaims.sub,
      displayName: displayNameFrom(claims),
      role: roleFromClaim(claims[this.options.roleClaim]),
      providerSessionId: typeof idTokenClaims.sid === 'string' ? idTokenClaims.sid : null,
      idToken: tokens.id_token!,
      authenticatedAt: this.authenticatedAt(idTokenClaims.auth_time),
    };
  }

  /**
   * `auth_time` (seconds, from the signed ID token; openid-client has checked it is a number) in ms;
   * never later than now, so a provider's clock running ahead cannot make a sign-in look more recent.
   */
  private authenticatedAt(authTime: number | undefined): number | null {
    if (typeof authTime !== 'number' || !Number.isFinite(authTime) || authTime <= 0) return null;
    return Math.min(authTime * 1000, this.now());
  }

  /** Where to send the browser to end the provider's session too, or null if it offers no such endpoint. */
  async endSessionUrl(idToken: string): Promise<string | null> {
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc
      .buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: this.postLogoutRedirectUri,
      })
      .toString();
  }

  /**
   * Verifies a back-channel logout token (OIDC Back-Channel Logout 1.0, 2.6): signed by the provider's
   * keys, for this client, recent, with the logout event, naming a subject or a session, without a nonce.
   */
  async verifyLogoutToken(token: string): Promise<{ subject?: string; providerSessionId?: string }> {
    const config = await this.configuration();
    const metadata = config.serverMetadata();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keysOf(metadata.jwks_uri), {
        issuer: metadata.issuer,
        audience: this.options.clientId,
        requiredClaims: ['iat', 'jti'],
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      throw new InvalidLogoutTokenError(error instanceof Error ? error.message : String(error));
    }
    const events: unknown = payload.events;
    const event =
      typeof events === 'object' && events !== null
        ? new Map(Object.entries(events)).get(BACKCHANNEL_LOGOUT_EVENT)
        : undefined;
    if (typeof event !== 'object' || event === null || Array.isArray(event))
      throw new InvalidLogoutTokenError('the token carries no back-channel logout event');
    if ('nonce' in payload) throw new InvalidLogoutTokenError('a logout token must not carry a nonce');
    const subject = typeof payload.sub === 'string' && payload.sub ? payload.sub : undefined;
    const providerSessionId = typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined;
    if (!subject && !providerSessionId)
      throw new InvalidLogoutTokenError('the token names neither sub nor sid');
    return { ...(subject && { subject }), ...(providerSessionId && { providerSessionId }) };
  }

  /** The discovered configuration, rediscovered each minute; one discovery at a time. */
  private async configuration(): Promise<oidc.Configuration> {
    const now = this.now();
    if (this.discovered && now - this.discovered.at < REDISCOVER_AFTER_MS) return this.discovered.config;
    if (this.failure && now - this.failure.at < RETRY_AFTER_MS)
      throw new ProviderUnavailableError(this.failure.error);
    this.pending ??= this.discover().finally(() => (this.pending = null));
    return this.pending;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.options.issuer);
    try {
      const config = await oidc.discovery(
        issuer,
        this.options.clientId,
        { client_secret: this.options.clientSecret },
        // The default method of OIDC Core 9, offered by Entra ID, Keycloak, Okta and oidc-provider alike.
        oidc.ClientSecretBasic(this.options.clientSecret),
        {
          timeout: TIMEOUT_SECONDS,
          // The configuration only accepts an http:// issuer on loopback hosts.
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      );
      this.discovered = { config, at: this.now() };
      this.failure = null;
      return config;
    } catch (error) {
      this.failure = { error, at: this.now() };
      this.options.onDiscoveryFailure?.(error);
      throw new ProviderUnavailableError(error);
    }
  }

  private keysOf(jwksUri: string | undefined): JWTVerifyGetKey {
    if (!jwksUri) throw new InvalidLogoutTokenError('the provider publishes no keys (jwks_uri)');
    if (this.keys?.uri !== jwksUri)
      this.keys = {
        uri: jwksUri,
        get: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_SECONDS * 1000 }),
      };
    return this.keys.get;
  }
}
