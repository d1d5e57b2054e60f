import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatIbanGroups,
  IBAN_MESSAGES,
  ibanLooksComplete,
  ibanProblem,
  normalizeIban,
  SEPA_COUNTRIES,
} from './iban.ts';
import { loadIdentifierVectors } from './testing/identifier-vectors.ts';

const vectors = loadIdentifierVectors().iban;

describe('ibanProblem', () => {
  it.each(vectors.valid)('accepts the shared valid vector %s', (iban) => {
    expect(ibanProblem(iban)).toBeNull();
  });

  it.each(Object.entries(vectors.invalid))('rejects %s with the spec message', (iban, message) => {
    expect(ibanProblem(iban)).toBe(message);
  });

  it('normalises spaces and lower case before checking', () => {
    expect(normalizeIban(' de89 3704 0044\t0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(ibanProblem('de89 3704 0044 0532 0130 00')).toBeNull();
  });

  it('supports the SEPA newcomers that ibantools does not flag (AL, MD, ME, MK)', () => {
    expect(ibanProblem('AL47212110090000000235698741')).toBeNull();
    expect(ibanProblem('MD24AG000225100013104168')).toBeNull();
    expect(ibanProblem('ME25505000012345678951')).toBeNull();
    expect(ibanProblem('MK07250120000058984')).toBeNull();
  });

  it('refuses non-SEPA registry countries and unknown country codes as unsupported', () => {
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe(IBAN_MESSAGES.unsupportedCountry);
    expect(ibanProblem('SA0380000000608010167519')).toBe(IBAN_MESSAGES.unsupportedCountry);
    expect(ibanProblem('ZZ89370400440532013000')).toBe(IBAN_MESSAGES.unsupportedCountry);
  });

  it('reports wrong lengths and national formats with the check digit message', () => {
    expect(ibanProblem('DE8937040044053201300')).toBe(IBAN_MESSAGES.checkDigit);
    expect(ibanProblem('DE893704004405320130001')).toBe(IBAN_MESSAGES.checkDigit);
    expect(ibanProblem('')).toBe(IBAN_MESSAGES.checkDigit);
    expect(ibanProblem('12')).toBe(IBAN_MESSAGES.checkDigit);
  });

  it('detects every single-digit change of a valid IBAN (mod 97)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 21 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const iban = 'DE89370400440532013000';
        const digit = (Number(iban[position]) + delta) % 10;
        const changed = iban.slice(0, position) + digit + iban.slice(position + 1);
        expect(ibanProblem(changed)).toBe(IBAN_MESSAGES.checkDigit);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    const messages = new Set<string | null>([...Object.values(IBAN_MESSAGES), null]);
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(messages.has(ibanProblem(input))).toBe(true);
      }),
    );
  });

  it('keeps its own SEPA list', () => {
    expect(SEPA_COUNTRIES.has('DE')).toBe(true);
    expect(SEPA_COUNTRIES.has('TR')).toBe(false);
  });
});

describe('IBAN display helpers', () => {
  it('groups in fours', () => {
    expect(formatIbanGroups('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('knows when an IBAN being typed is complete enough to check', () => {
    expect(ibanLooksComplete('DE8937040044053201300')).toBe(false);
    expect(ibanLooksComplete('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanLooksComplete('NL91ABNA0417164300')).toBe(true);
    expect(ibanLooksComplete('XX12')).toBe(false);
    expect(ibanLooksComplete('XX1234567890123')).toBe(true);
  });
});
