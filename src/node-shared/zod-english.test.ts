import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import './zod-english.ts';

describe('zod-english', () => {
  it('words issues without a message of their own in zod’s English, as classic zod did', () => {
    const result = z.object({ name: z.string().check(z.minLength(2)) }).safeParse({ name: 'a' });
    expect(result.error?.issues[0]?.message).toBe('Too small: expected string to have >=2 characters');
  });
});
