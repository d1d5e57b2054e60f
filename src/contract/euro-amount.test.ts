import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENT } from './api/charges.ts';
import { formatCents, parseEuroAmount } from './euro-amount.ts';

describe('parseEuroAmount', () => {
  it('reads euros into exact cents in German and English', () => {
    expect(parseEuroAmount('12,50', 'de-DE')).toEqual({ ok: true, cents: 1250 });
    expect(parseEuroAmount('1.234,56', 'de-DE')).toEqual({ ok: true, cents: 123456 });
    expect(parseEuroAmount('12.50', 'en-US')).toEqual({ ok: true, cents: 1250 });
    expect(parseEuroAmount('1,234.56', 'en-US')).toEqual({ ok: true, cents: 123456 });
    expect(parseEuroAmount('0.29', 'en-US')).toEqual({ ok: true, cents: 29 });
    expect(parseEuroAmount('1.1', 'en-US')).toEqual({ ok: true, cents: 110 });
    expect(parseEuroAmount('7', 'de-DE')).toEqual({ ok: true, cents: 700 });
  });

  it('refuses ambiguous input, fractions of a cent and amounts beyond the API bound', () => {
    expect(parseEuroAmount('12,50', 'en-US').ok).toBe(false);
    expect(parseEuroAmount('12.50', 'de-DE').ok).toBe(false);
    expect(parseEuroAmount('0.295', 'en-US')).toEqual({
      ok: false,
      message: 'Use at most two decimals (cents), e.g. 1,234.50.',
    });
    expect(parseEuroAmount('21,474,836.47', 'en-US')).toEqual({ ok: true, cents: MAX_AMOUNT_CENT });
    expect(parseEuroAmount('21,474,836.48', 'en-US')).toEqual({
      ok: false,
      message: 'Enter at most €21,474,836.47.',
    });
    expect(parseEuroAmount('99999999999999999999', 'en-US').ok).toBe(false);
  });

  it('reads back any cent value formatted in de-DE or en-US (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_AMOUNT_CENT }),
        fc.constantFrom('de-DE', 'en-US'),
        (cents, locale) => {
          const typed = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100);
          expect(parseEuroAmount(typed, locale)).toEqual({ ok: true, cents });
        },
      ),
    );
  });

  it('formats cents as euros', () => {
    expect(formatCents(123456, 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatCents(29, 'en-US')).toBe('€0.29');
  });
});
