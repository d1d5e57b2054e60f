import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bdewCheckDigit,
  MARKET_LOCATION_MESSAGES,
  marketLocationProblem,
  redispatchIdProblem,
  withMarketLocationCheckDigit,
} from './market-location.ts';
import { loadIdentifierVectors } from './testing/identifier-vectors.ts';

const vectors = loadIdentifierVectors().market_location_id;

describe('marketLocationProblem', () => {
  it.each(vectors.valid)('accepts the shared valid vector %s', (id) => {
    expect(marketLocationProblem(id)).toBeNull();
  });

  it.each(Object.entries(vectors.invalid))('rejects %s with the spec message', (id, message) => {
    expect(marketLocationProblem(id)).toBe(message);
  });

  it('follows the worked example of domain-rules.md (not Luhn)', () => {
    expect(bdewCheckDigit([4, 1, 3, 7, 3, 5, 5, 9, 2, 4])).toBe(1);
    expect(withMarketLocationCheckDigit('4137355924')).toBe('41373559241');
  });

  it('reports problems in the spec order', () => {
    expect(marketLocationProblem('0123456789012X')).toBe(MARKET_LOCATION_MESSAGES.nonDigit);
    expect(marketLocationProblem('012345678901')).toBe(MARKET_LOCATION_MESSAGES.tooLong);
    expect(marketLocationProblem('0123')).toBe(MARKET_LOCATION_MESSAGES.tooShort);
    expect(marketLocationProblem('')).toBe(MARKET_LOCATION_MESSAGES.tooShort);
    expect(marketLocationProblem(' 1234567890')).toBe(MARKET_LOCATION_MESSAGES.nonDigit);
  });

  it('accepts every ten digits with their computed check digit and rejects every other check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{9}$/), fc.integer({ min: 0, max: 9 }), (tenDigits, wrong) => {
        const valid = withMarketLocationCheckDigit(tenDigits);
        expect(marketLocationProblem(valid)).toBeNull();
        if (String(wrong) !== valid[10]) {
          expect(marketLocationProblem(tenDigits + wrong)).toBe(MARKET_LOCATION_MESSAGES.checkDigit);
        }
      }),
    );
  });

  it('never throws and always answers one of the spec messages', () => {
    const messages = new Set<string | null>([...Object.values(MARKET_LOCATION_MESSAGES), null]);
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(messages.has(marketLocationProblem(input))).toBe(true);
      }),
    );
  });
});

describe('redispatchIdProblem', () => {
  it('accepts the TR-ID example of domain-rules.md', () => {
    expect(redispatchIdProblem('D1137355922', 'D')).toBeNull();
  });

  it('rejects a wrong check digit, a wrong prefix and a wrong shape', () => {
    expect(redispatchIdProblem('D1137355923', 'D')).toMatch(/check digit/);
    expect(redispatchIdProblem('C1137355922', 'D')).toMatch(/D followed by/);
    expect(redispatchIdProblem('D11373559', 'D')).toMatch(/D followed by/);
  });

  it('counts letters by their ASCII code', () => {
    // D, A, B ... : compute the check digit independently.
    const body = 'DABCDEFGHI';
    const values = [...body].map((c) => c.charCodeAt(0));
    const check = bdewCheckDigit(values);
    expect(redispatchIdProblem(`${body}${check}`, 'D')).toBeNull();
    expect(
      redispatchIdProblem(`C${body.slice(1)}${bdewCheckDigit([67, ...values.slice(1)])}`, 'C'),
    ).toBeNull();
  });
});
