import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo.ts';

describe('BoundedMemo', () => {
  it('computes once per key, null included, and forgets all when full', () => {
    const memo = new BoundedMemo<string, string | null>(2);
    let computed = 0;
    const compute = (key: string) => {
      computed++;
      return key === 'none' ? null : key.toUpperCase();
    };
    expect(memo.get('a', compute)).toBe('A');
    expect(memo.get('a', compute)).toBe('A');
    expect(memo.get('none', compute)).toBeNull();
    expect(memo.get('none', compute)).toBeNull();
    expect(computed).toBe(2);
    expect(memo.get('b', compute)).toBe('B'); // full: forgets a and none
    expect(memo.get('a', compute)).toBe('A');
    expect(computed).toBe(4);
  });
});
