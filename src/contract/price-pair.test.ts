import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruttoFromNetto, nettoFromBrutto } from './price-pair.ts';

describe('brutto/netto pairs', () => {
  it('computes at 19 % to four decimals, rounding half up', () => {
    expect(nettoFromBrutto('11.9')).toBe('10');
    expect(bruttoFromNetto('10')).toBe('11.9');
    expect(nettoFromBrutto('34')).toBe('28.5714');
    expect(bruttoFromNetto('28.5714')).toBe('34');
    expect(bruttoFromNetto('0.0001')).toBe('0.0001');
    expect(nettoFromBrutto('0')).toBe('0');
    expect(bruttoFromNetto('1', 7)).toBe('1.07');
    expect(bruttoFromNetto('0.005', 7)).toBe('0.0054'); // 53.5 ten-thousandths → 54
  });

  it('rounds a fifth decimal half up on the fourth, from the digits', () => {
    // As a double, 0.00015 × 10000 is 1.4999999999999998: read from the digits it is exactly a half.
    expect(bruttoFromNetto('0.00015', 0)).toBe('0.0002');
    expect(bruttoFromNetto('0.00014999', 0)).toBe('0.0001');
    expect(bruttoFromNetto('1.99995', 0)).toBe('2');
  });

  it('computes nothing for a price too large to compute exactly', () => {
    // The largest: 2^53 / 200 ten-thousandths, so that any rate up to 100 % stays exact.
    expect(bruttoFromNetto('4503599627.3704')).toBe('5359283556.5708');
    expect(bruttoFromNetto('4503599627.3705')).toBeNull();
    expect(nettoFromBrutto('99999999999999999999')).toBeNull();
  });

  it('round-trips netto → brutto → netto for every four-decimal netto (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (scaled) => {
        const netto = decimalOf(scaled);
        expect(nettoFromBrutto(bruttoFromNetto(netto) ?? 'none')).toBe(netto);
      }),
    );
  });
});

/** An integer of 1/10000 as the canonical decimal `parseLocaleDecimal` gives, written independently. */
function decimalOf(scaled: number): string {
  const text = String(scaled).padStart(5, '0');
  const decimal = `${text.slice(0, -4)}.${text.slice(-4)}`;
  return decimal.replace(/\.?0+$/, '') || '0';
}
