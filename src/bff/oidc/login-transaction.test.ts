import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOGIN_TRANSACTION_TTL_MS, LoginTransactionSeal, safeReturnPath } from './login-transaction.ts';

describe('the sign-in transaction cookie', () => {
  let now = Date.parse('2026-11-22T08:00:00Z');
  const seal = new LoginTransactionSeal(randomBytes(32), () => now);
  const transaction = {
    state: 'state-1',
    codeVerifier: 'verifier-that-must-stay-secret',
    nonce: 'nonce-1',
    returnTo: '/reports/feed-in?user=P1000',
    expiresAt: now + LOGIN_TRANSACTION_TTL_MS,
  };

  it('opens what it sealed, and hides the PKCE verifier', () => {
    const sealed = seal.seal(transaction);
    expect(seal.open(sealed, 'state-1')).toEqual(transaction);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('verifier');
    expect(seal.cookieName('state-1')).toMatch(/^ec_oidc_[\w-]{16}$/);
    expect(seal.cookieName('state-2')).not.toBe(seal.cookieName('state-1'));
  });

  it("keeps a step-up's max_age, and opens a transaction sealed without one", () => {
    const stepUp = { ...transaction, maxAge: 300 };
    expect(seal.open(seal.seal(stepUp), 'state-1')).toEqual(stepUp);
    expect(seal.open(seal.seal(transaction), 'state-1')).not.toHaveProperty('maxAge');
    // max_age is not readable in the cookie either.
    expect(Buffer.from(seal.seal(stepUp), 'base64url').toString('latin1')).not.toContain('maxAge');
  });

  it('refuses an altered value, another state, another key, an expired one and garbage', () => {
    const sealed = seal.seal(transaction);
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(seal.open(bytes.toString('base64url'), 'state-1')).toBeNull();
    expect(seal.open(sealed, 'state-2')).toBeNull();
    expect(new LoginTransactionSeal(randomBytes(32), () => now).open(sealed, 'state-1')).toBeNull();
    expect(seal.open('', 'state-1')).toBeNull();
    expect(seal.open('not base64 at all!', 'state-1')).toBeNull();
    now += LOGIN_TRANSACTION_TTL_MS + 1;
    expect(seal.open(sealed, 'state-1')).toBeNull();
  });
});

describe('the path to return to after sign-in', () => {
  it('keeps console paths with their query', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/reports/feed-in?user=P1000&agg=day')).toBe('/reports/feed-in?user=P1000&agg=day');
    expect(safeReturnPath('/bffx')).toBe('/bffx');
  });

  it('refuses other origins, the BFF and the API, and odd characters', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/bff/logout',
      '/bff',
      '/api/v3/users/',
      '/tools\nx',
      '/a\\b',
      `/${'a'.repeat(2000)}`,
      undefined,
      42,
    ])
      expect(safeReturnPath(value)).toBeNull();
  });
});
