import { describe, expect, it } from 'vitest';
import { signInSearchSchema } from './sign-in-search.ts';

describe('the sign-in address', () => {
  it('reads where to go after, why the session ended and the SSO outcome', () => {
    expect(
      signInSearchSchema.parse({ redirect: '/reports/feed-in?user=P1', expired: true, sso: 'failed' }),
    ).toEqual({ redirect: '/reports/feed-in?user=P1', expired: true, sso: 'failed' });
  });

  it('drops a value it cannot read instead of failing the sign-in page', () => {
    expect(
      signInSearchSchema.parse({ redirect: `/${'x'.repeat(2000)}`, expired: 'yes', sso: 'maybe' }),
    ).toEqual({ redirect: undefined, expired: undefined, sso: undefined });
  });
});
