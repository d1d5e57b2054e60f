import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../node-shared/json-depth.ts';
import { canonicalUrl, hasNullCharacter } from './canonical-url.ts';

describe('canonicalUrl', () => {
  it('decodes unreserved characters and upper-cases every other encoding, in the path only', () => {
    expect(canonicalUrl('/%62ff/login')).toBe('/bff/login');
    expect(canonicalUrl('/%61pi/v3/%7e%2D%5f%2E')).toBe('/api/v3/~-_.');
    expect(canonicalUrl('/bff%2flogin')).toBe('/bff%2Flogin');
    expect(canonicalUrl('/bff/users/a%00b')).toBe('/bff/users/a%00b');
    expect(canonicalUrl('/a%2561')).toBe('/a%2561');
    expect(canonicalUrl('/bff/user?next=%61%2f')).toBe('/bff/user?next=%61%2f');
    expect(canonicalUrl('/%62ff/audit?user=%61')).toBe('/bff/audit?user=%61');
    expect(canonicalUrl('/bff/%zz%4')).toBe('/bff/%zz%4');
  });

  it('is idempotent and means what decodeURI means', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.string(), (path, text) => {
        const url = `${path}/${encodeURIComponent(text)}`;
        const once = canonicalUrl(url);
        expect(canonicalUrl(once)).toBe(once);
        expect(decodeURI(once)).toBe(decodeURI(url));
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        const encoded = `/${[...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}`;
        const once = canonicalUrl(encoded);
        expect(decodeURIComponent(once)).toBe(`/${text}`);
        expect(once).not.toMatch(/%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[dDeE]|5[fF]|7[eE])/);
      }),
    );
  });

  it('finds NUL however it is spelled', () => {
    expect(hasNullCharacter('/bff/users/a%00b')).toBe(true);
    expect(hasNullCharacter('/bff/audit?user=%00')).toBe(true);
    expect(hasNullCharacter('/bff/users/a\u0000b')).toBe(true);
    expect(hasNullCharacter('/bff/users/a%2500b')).toBe(false); // the text "%00", no NUL
    expect(hasNullCharacter('/bff/users/a%100b')).toBe(false);
  });
});

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only, in one pass', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('["[[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(100_000)}`)).toBe(true);
  });

  it('agrees with the depth of any JSON value', () => {
    const depth = (value: unknown): number =>
      value && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        expect(nestsDeeperThan(JSON.stringify(value), limit)).toBe(depth(value) > limit);
      }),
    );
  });
});
