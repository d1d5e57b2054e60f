import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod/mini';

/** What the BFF must remember between sending someone to the provider and their return. */
export interface LoginTransaction {
  state: string;
  codeVerifier: string;
  nonce: string;
  /** The console path to open after sign-in. */
  returnTo: string;
  /**
   * OIDC `max_age` (seconds) when the sign-in is a step-up: sent to the provider, and the ID token's
   * `auth_time` must then be this recent. Kept here, sealed, so no one can drop it on the way back.
   */
  maxAge?: number;
  expiresAt: number;
}

const transactionSchema = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
  // Optional: transactions sealed before step-up existed still open.
  maxAge: z.optional(z.number().check(z.int(), z.nonnegative())),
  expiresAt: z.number(),
});

/** Ten minutes to sign in at the provider. */
export const LOGIN_TRANSACTION_TTL_MS = 10 * 60_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The transaction travels in a cookie, encrypted and authenticated (AES-256-GCM) with a key every
 * replica derives from the session secret: any replica can finish the sign-in, nothing is stored for
 * abandoned ones, and the PKCE verifier is never readable outside the BFF. One cookie per `state`,
 * so sign-ins started in two tabs do not overwrite each other.
 */
export class LoginTransactionSeal {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cookie name for a state: a digest, so the name reveals nothing and has a fixed length. */
  cookieName(state: string): string {
    return `ec_oidc_${createHash('sha256').update(state).digest('base64url').slice(0, 16)}`;
  }

  seal(transaction: LoginTransaction): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(this.cookieName(transaction.state)));
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
  }

  /** The transaction for this state, or null when the value was altered, is for another state, or expired. */
  open(sealed: string, state: string): LoginTransaction | null {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(this.cookieName(state)));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      const transaction = transactionSchema.parse(JSON.parse(plain.toString('utf8')));
      if (transaction.state !== state || transaction.expiresAt < this.now()) return null;
      return transaction;
    } catch {
      return null;
    }
  }
}

/**
 * A console path to return to after sign-in, or null: same origin only (an open redirect would help
 * phishing), and never the BFF's or the API's own routes.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes could be read as something else by a browser.
  if ([...value].some((character) => character <= '\u001f' || character === '\u007f' || character === '\\'))
    return null;
  if (/^\/(bff|api)(\/|$|\?)/.test(value)) return null;
  return value;
}
