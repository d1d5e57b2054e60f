import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruttoFromNetto, nettoFromBrutto } from './price-pair.ts';

describe('brutto/netto pairs', () => {
  it('computes at 19 % to four decimals, rounding half up', () => {
    expect(nettoFromBrutto(11.9)).toBe(10);
    expect(bruttoFromNetto(10)).toBe(11.9);
    expect(nettoFromBrutto(34)).toBe(28.5714);
    expect(bruttoFromNetto(28.5714)).toBe(34);
    expect(bruttoFromNetto(0.0001)).toBe(0.0001);
    expect(nettoFromBrutto(0)).toBe(0);
    expect(bruttoFromNetto(1, 7)).toBe(1.07);
  });

  it('round-trips netto → brutto → netto for every four-decimal netto (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (scaled) => {
        const netto = scaled / 10_000;
        expect(nettoFromBrutto(bruttoFromNetto(netto))).toBe(netto);
      }),
    );
  });
});
