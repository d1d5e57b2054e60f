import { describe, expect, it } from 'vitest';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from './passkey-options.ts';
import {
  passkeyListSchema,
  passkeyNameSchema,
  passkeyRegistrationStepUpSchema,
  renamePasskeyRequestSchema,
} from './passkeys.ts';

const credential = { id: 'Y3JlZA', type: 'public-key', transports: ['usb', 'internal', 'quantum'] };

describe('passkey shapes', () => {
  it('trims a passkey’s name and refuses an empty one or one over 64 characters', () => {
    expect(passkeyNameSchema.parse('  Laptop ')).toBe('Laptop');
    expect(passkeyNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Give the passkey a name.');
    expect(passkeyNameSchema.safeParse('x'.repeat(65)).error?.issues[0]?.message).toBe(
      'Use at most 64 characters.',
    );
    expect(renamePasskeyRequestSchema.parse({ name: ' YubiKey 5C ' })).toEqual({ name: 'YubiKey 5C' });
  });

  it('lists passkeys with why they cannot be added (null: they can), and only the known reasons', () => {
    const laptop = { id: '1', name: 'Laptop', createdAt: '2026-01-01', lastUsedAt: null, backedUp: true };
    expect(passkeyListSchema.parse({ passkeys: [laptop], unavailable: 'sso' }).unavailable).toBe('sso');
    expect(passkeyListSchema.parse({ passkeys: [], unavailable: null }).unavailable).toBeNull();
    expect(passkeyListSchema.safeParse({ passkeys: [], unavailable: 'later' }).success).toBe(false);
  });

  it('takes a step-up without a password (an SSO account) or with one of at most 1024 characters', () => {
    expect(passkeyRegistrationStepUpSchema.parse({})).toEqual({});
    expect(passkeyRegistrationStepUpSchema.safeParse({ password: 'x'.repeat(1025) }).success).toBe(false);
  });

  it('passes on the ceremony options, leaving out transports it does not know and refusing other credential types', () => {
    const creation = passkeyCreationOptionsSchema.parse({
      rp: { id: 'console.example', name: 'Energy Console' },
      user: { id: 'dXNlcg', name: 'olga', displayName: 'Olga' },
      challenge: 'Y2hhbGxlbmdl',
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      excludeCredentials: [credential],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    expect(creation.excludeCredentials?.[0]?.transports).toEqual(['usb', 'internal']);
    const request = passkeyRequestOptionsSchema.parse({
      challenge: 'Y2hhbGxlbmdl',
      rpId: 'console.example',
      allowCredentials: [credential],
      userVerification: 'required',
    });
    expect(request.allowCredentials?.[0]?.transports).toEqual(['usb', 'internal']);
    expect(
      passkeyRequestOptionsSchema.safeParse({
        challenge: 'Y2hhbGxlbmdl',
        allowCredentials: [{ ...credential, type: 'password' }],
      }).success,
    ).toBe(false);
  });
});
