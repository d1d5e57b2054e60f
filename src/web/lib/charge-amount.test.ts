import { describe, expect, it } from 'vitest';
import { formatChargeAmount, signedCents } from './charge-amount.ts';

describe('the charges page’s sign convention', () => {
  it('shows credits negative and charges positive, never a negative zero', () => {
    expect(signedCents(2550, 'credit')).toBe(-2550);
    expect(signedCents(2550, 'charge')).toBe(2550);
    expect(Object.is(signedCents(0, 'credit'), 0)).toBe(true);
    expect(formatChargeAmount(0, 'credit', 'de-DE')).toBe('0,00\u00a0€');
  });

  it('formats in the locale’s way with two decimals', () => {
    expect(formatChargeAmount(123456, 'credit', 'de-DE')).toBe('-1.234,56\u00a0€');
    expect(formatChargeAmount(123456, 'charge', 'en-US')).toBe('€1,234.56');
  });
});
