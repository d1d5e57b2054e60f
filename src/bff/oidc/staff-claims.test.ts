import { describe, expect, it } from 'vitest';
import { displayNameFrom, roleFromClaim } from './staff-claims.ts';

describe('the role from the identity provider', () => {
  it('takes the highest console role among the values', () => {
    expect(roleFromClaim(['viewer'])).toBe('viewer');
    expect(roleFromClaim(['viewer', 'admin', 'operator'])).toBe('admin');
    expect(roleFromClaim(['Finance', 'operator', 'viewer'])).toBe('operator');
    expect(roleFromClaim('operator')).toBe('operator');
    expect(roleFromClaim('viewer admin')).toBe('admin');
  });

  it('gives no role for other values, other types, or nothing', () => {
    expect(roleFromClaim(['Finance', 'Admin', 'administrator'])).toBeNull();
    expect(roleFromClaim([])).toBeNull();
    expect(roleFromClaim(undefined)).toBeNull();
    expect(roleFromClaim({ admin: true })).toBeNull();
    expect(roleFromClaim([1, null, ['admin']])).toBeNull();
  });
});

describe('the display name from the identity provider', () => {
  it('prefers name, then given and family name, then a login-like claim, then the subject', () => {
    expect(displayNameFrom({ sub: 's', name: ' Jane Doe ' })).toBe('Jane Doe');
    expect(displayNameFrom({ sub: 's', given_name: 'Jane', family_name: 'Doe' })).toBe('Jane Doe');
    expect(displayNameFrom({ sub: 's', preferred_username: 'jdoe' })).toBe('jdoe');
    expect(displayNameFrom({ sub: 's', email: 'jane@example.com' })).toBe('jane@example.com');
    expect(displayNameFrom({ sub: '248289761001' })).toBe('248289761001');
  });
});
