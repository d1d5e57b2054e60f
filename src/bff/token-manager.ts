import * as oauth from 'oauth4webapi';
import { errorMessage } from '../node-shared/error-fields.ts';

export class UpstreamTokenError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UpstreamTokenError';
  }
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

export interface TokenManagerOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  now?: () => number;
  /** Refresh this long before expiry (or at 10 % of a short lifetime, whichever is less). */
  refreshAheadMs?: number;
}

/** How long a token request may take. */
export const TOKEN_TIMEOUT_MS = 10_000;

/**
 * Client-credentials tokens for the upstream API (oauth4webapi does the grant). One cached token per
 * scope, refreshed ahead of expiry; concurrent callers share one in-flight request (single flight).
 */
export class TokenManager {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly server: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;
  private readonly now: () => number;
  private readonly refreshAheadMs: number;

  constructor(private readonly options: TokenManagerOptions) {
    this.server = { issuer: options.baseUrl, token_endpoint: `${options.baseUrl}/oauth2/token/` };
    this.client = { client_id: options.clientId };
    this.auth = oauth.ClientSecretPost(options.clientSecret);
    this.now = options.now ?? Date.now;
    this.refreshAheadMs = options.refreshAheadMs ?? 60_000;
  }

  async token(scope = 'read write'): Promise<string> {
    const cached = this.cache.get(scope);
    if (cached && cached.expiresAt > this.now()) return cached.accessToken;
    let pending = this.inFlight.get(scope);
    if (!pending) {
      pending = this.request(scope).finally(() => this.inFlight.delete(scope));
      this.inFlight.set(scope, pending);
    }
    return pending;
  }

  /** Drops a token the upstream refused (401), so the next call gets a new one. */
  invalidate(scope = 'read write', accessToken?: string): void {
    const cached = this.cache.get(scope);
    if (cached && (accessToken === undefined || cached.accessToken === accessToken)) this.cache.delete(scope);
  }

  private async request(scope: string): Promise<string> {
    try {
      const response = await oauth.clientCredentialsGrantRequest(
        this.server,
        this.client,
        this.auth,
        new URLSearchParams({ scope }),
        {
          [oauth.allowInsecureRequests]: this.options.baseUrl.startsWith('http://'),
          signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
        },
      );
      const result = await oauth.processClientCredentialsResponse(this.server, this.client, response);
      const lifetimeMs = (result.expires_in ?? 300) * 1000;
      const ahead = Math.min(this.refreshAheadMs, lifetimeMs * 0.1);
      this.cache.set(scope, { accessToken: result.access_token, expiresAt: this.now() + lifetimeMs - ahead });
      return result.access_token;
    } catch (error) {
      const reason =
        error instanceof oauth.ResponseBodyError
          ? `${error.error}: ${error.error_description ?? ''}`
          : errorMessage(error);
      throw new UpstreamTokenError(`could not get an upstream access token (${reason})`, { cause: error });
    }
  }
}
