import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record.ts';

describe('isRecord', () => {
  it('accepts objects and refuses null, arrays and scalars', () => {
    expect([{}, { detail: 'x' }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], ['detail'], 'text', 1, true].map(isRecord)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
