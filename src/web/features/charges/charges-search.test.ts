import { describe, expect, it } from 'vitest';
import { chargesSearchSchema } from './charges-search.ts';

describe('the charges form’s address', () => {
  it('reads the contract and a booking to reverse, a number kept a number', () => {
    expect(chargesSearchSchema.parse({ user: 'P1000', contract: 'C1000', reverse: 42 })).toEqual({
      user: 'P1000',
      contract: 'C1000',
      reverse: 42,
    });
  });

  it('keeps a contract the router read as a number as the text written', () => {
    expect(chargesSearchSchema.parse({ user: 'P1000', contract: 12345 })).toMatchObject({
      contract: '12345',
    });
  });

  it('drops a value it cannot read instead of failing the form', () => {
    expect(
      chargesSearchSchema.parse({ user: 'P'.repeat(65), contract: 'C'.repeat(65), reverse: -1 }),
    ).toEqual({
      user: undefined,
      contract: undefined,
      reverse: undefined,
    });
  });
});
