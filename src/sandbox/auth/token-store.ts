import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokensRepository } from '../db/tokens-repository.ts';
import { sha256Hex } from './sha256.ts';

export interface TokenGrant {
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

const CACHE_LIMIT = 10_000;

/**
 * Opaque bearer tokens, stored as sha256 hashes with their scopes and expiry. Tokens cannot change
 * once issued, so verified ones are cached in memory until they expire.
 */
export class TokenStore {
  private readonly cache = new Map<string, TokenGrant>();

  constructor(
    private readonly repository: TokensRepository,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The client's allowed scopes when id and secret match, else null (constant-time comparison). */
  async authenticateClient(clientId: string, secret: string): Promise<string[] | null> {
    const client = await this.repository.findClient(clientId);
    const expected = Buffer.from(client?.secretHash ?? sha256Hex('no such client'), 'hex');
    const actual = Buffer.from(sha256Hex(secret), 'hex');
    const matches = timingSafeEqual(expected, actual);
    return client && matches ? client.allowedScopes.split(' ') : null;
  }

  async issue(clientId: string, scopes: string[]): Promise<{ token: string; expiresIn: number }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + this.ttlSeconds * 1000);
    await this.repository.storeToken({
      tokenHash: sha256Hex(token),
      clientId,
      scopes: scopes.join(' '),
      expiresAt,
    });
    // Keep the table small: tokens expired for a day are of no use to anyone.
    await this.repository.deleteTokensExpiredBefore(new Date(this.now() - 86_400_000));
    return { token, expiresIn: this.ttlSeconds };
  }

  async verify(token: string): Promise<TokenGrant | null> {
    const hash = sha256Hex(token);
    const cached = this.cache.get(hash);
    if (cached) {
      if (cached.expiresAt > this.now()) return cached;
      this.cache.delete(hash);
      return null;
    }
    const row = await this.repository.findTokenValidAt(hash, new Date(this.now()));
    if (!row) return null;
    const grant = {
      clientId: row.clientId,
      scopes: row.scopes.split(' '),
      expiresAt: row.expiresAt.getTime(),
    };
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(hash, grant);
    return grant;
  }
}
