import { describe, expect, it } from 'vitest';
import {
  addPasskeyRequestSchema,
  backchannelLogoutSchema,
  bffBadRequestSchema,
  passkeySignInRequestSchema,
  sessionParamsSchema,
  sessionsQuerySchema,
  ssoCallbackQuerySchema,
  ssoSignInQuerySchema,
} from './bff-route-schemas.ts';

const registration = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['usb'] },
  clientExtensionResults: { credProps: { rk: true }, unread: 1 },
};
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'SZYN', signature: 'MEUC' },
  clientExtensionResults: {},
};

describe('the BFF routes’ own shapes', () => {
  it('answers a 400 as field errors or a detail', () => {
    expect(bffBadRequestSchema.safeParse({ username: ['Taken.'] }).success).toBe(true);
    expect(
      bffBadRequestSchema.safeParse({ detail: 'Not your own admin role.', code: 'own_account_change' })
        .success,
    ).toBe(true);
  });

  it('reads max_age as whole seconds up to a day, and ignores anything else as if absent', () => {
    expect(ssoSignInQuerySchema.parse({ returnTo: '/records', max_age: '300' })).toEqual({
      returnTo: '/records',
      max_age: 300,
    });
    for (const maxAge of ['1.5', '-1', '1e3', '86401', ['60', '60']])
      expect(ssoSignInQuerySchema.parse({ max_age: maxAge }).max_age).toBeUndefined();
    expect(ssoSignInQuerySchema.parse({ returnTo: ['/a', '/b'] }).returnTo).toBeUndefined();
  });

  it('takes a repeated state or error of the provider’s redirect as absent', () => {
    expect(ssoCallbackQuerySchema.parse({ state: 's', error: 'access_denied' })).toEqual({
      state: 's',
      error: 'access_denied',
    });
    expect(ssoCallbackQuerySchema.parse({ state: ['s', 't'] }).state).toBeUndefined();
  });

  it('answers a back-channel logout form’s token, and refuses a form without one', () => {
    expect(backchannelLogoutSchema.parse(new URLSearchParams({ logout_token: 'eyJ' }))).toBe('eyJ');
    expect(backchannelLogoutSchema.safeParse(new URLSearchParams()).success).toBe(false);
  });

  it('names a session by its UUID, and someone else’s sessions by a username', () => {
    expect(sessionParamsSchema.safeParse({ id: 'not-a-session' }).error?.issues[0]?.message).toBe(
      'No such session.',
    );
    expect(sessionParamsSchema.safeParse({ id: '0b0e4a4e-7c1a-4c5e-9c7d-1f2e3d4c5b6a' }).success).toBe(true);
    expect(sessionsQuerySchema.safeParse({ username: '' }).success).toBe(false);
    expect(sessionsQuerySchema.parse({})).toEqual({});
  });

  it('checks the frame of a new passkey and a passkey sign-in, keeping only the extension results it reads', () => {
    const added = addPasskeyRequestSchema.parse({ name: ' Laptop ', response: registration });
    expect(added.name).toBe('Laptop');
    expect(added.response.clientExtensionResults).toEqual({ credProps: { rk: true } });
    expect(passkeySignInRequestSchema.safeParse({ response: assertion }).success).toBe(true);
    expect(
      passkeySignInRequestSchema.safeParse({ response: { ...assertion, rawId: 'not base64url!' } }).error
        ?.issues[0]?.message,
    ).toBe('Must be base64url.');
  });
});
