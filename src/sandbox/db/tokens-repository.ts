import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { accessTokens, oauthClients } from './schema.ts';

export type OauthClient = typeof oauthClients.$inferSelect;
export type AccessToken = typeof accessTokens.$inferSelect;

/** OAuth2 clients and access tokens, both held as sha256 hashes (`TokenStore` hashes and caches). */
export function createTokensRepository(db: Database) {
  return {
    async findClient(clientId: string): Promise<OauthClient | null> {
      const [client] = await db
        .select()
        .from(oauthClients)
        .where(eq(oauthClients.clientId, clientId))
        .limit(1);
      return client ?? null;
    },

    async storeToken(token: AccessToken): Promise<void> {
      await db.insert(accessTokens).values(token);
    },

    async deleteTokensExpiredBefore(instant: Date): Promise<void> {
      await db.delete(accessTokens).where(lt(accessTokens.expiresAt, instant));
    },

    /** The token with this hash when it is still valid at the instant, else null. */
    async findTokenValidAt(tokenHash: string, instant: Date): Promise<AccessToken | null> {
      const [token] = await db
        .select()
        .from(accessTokens)
        .where(and(eq(accessTokens.tokenHash, tokenHash), gt(accessTokens.expiresAt, instant)))
        .limit(1);
      return token ?? null;
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
