import { describe, expect, it } from 'vitest';
import { duplicateMemberName, unknownMembers } from './strict-json.ts';

describe('a member given twice in a JSON text', () => {
  it('is found at the top, in a nested object, and only within one object', () => {
    expect(duplicateMemberName('{"amount_cent": 1, "x": 2, "amount_cent": 500000}')).toBe('amount_cent');
    expect(duplicateMemberName('{"a": {"b": 1, "b": 2}}')).toBe('b');
    expect(duplicateMemberName('[{"a": 1}, {"a": 2}]')).toBeNull();
    expect(duplicateMemberName('{"a": {"a": 1}, "b": [{"a": 2}]}')).toBeNull();
    // Escapes spell the same name: the platform's parser reads them as one.
    expect(duplicateMemberName('{"amount_cent": 1, "amount\\u005fcent": 2}')).toBe('amount_cent');
  });
});

describe('members a schema dropped', () => {
  it('are the sent names missing from what was read', () => {
    expect(unknownMembers({ a: 1, b: null, c: 3 }, { a: 1, b: null })).toEqual(['c']);
    expect(unknownMembers({ a: 1 }, { a: 1, defaulted: true })).toEqual([]);
  });
});
