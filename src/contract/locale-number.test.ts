import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocaleDecimal, parseLocaleDecimal, separatorsOf } from './locale-number.ts';

const read = (text: string, locale: string) => parseLocaleDecimal(text, locale);

describe('parseLocaleDecimal', () => {
  it('knows the separators of German and English', () => {
    expect(separatorsOf('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('en-US')).toEqual({ decimal: '.', group: ',' });
  });

  it('reads German input exactly', () => {
    expect(read('12,50', 'de-DE')).toEqual({ ok: true, value: '12.50' });
    expect(read('1.234,56', 'de-DE')).toEqual({ ok: true, value: '1234.56' });
    expect(read(' 3.500 ', 'de-DE')).toEqual({ ok: true, value: '3500' });
    expect(read('0,29', 'de-DE')).toEqual({ ok: true, value: '0.29' });
    expect(read('007', 'de-DE')).toEqual({ ok: true, value: '7' });
  });

  it('reads English input exactly', () => {
    expect(read('12.50', 'en-US')).toEqual({ ok: true, value: '12.50' });
    expect(read('1,234.56', 'en-US')).toEqual({ ok: true, value: '1234.56' });
    expect(read('1 234.56', 'en-US')).toEqual({ ok: true, value: '1234.56' });
  });

  it('refuses ambiguous and malformed input with the locale example', () => {
    const english = read('12,50', 'en-US');
    expect(english).toEqual({
      ok: false,
      message: '"12,50" is ambiguous here: use "." for the decimals, e.g. 1,234.50.',
    });
    expect(read('12.50', 'de-DE')).toEqual({
      ok: false,
      message: '"12.50" is ambiguous here: use "," for the decimals, e.g. 1.234,50.',
    });
    expect(read('1,2,3', 'de-DE').ok).toBe(false);
    expect(read('-5', 'en-US')).toEqual({ ok: false, message: 'Enter digits only, e.g. 1,234.50.' });
    expect(read('12e3', 'en-US').ok).toBe(false);
    expect(read('', 'en-US')).toEqual({ ok: false, message: 'Enter a number.' });
    expect(read('1.2,3', 'en-US').ok).toBe(false);
  });

  it('reads back whatever Intl formats, in both locales (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.constantFrom('de-DE', 'en-US'),
        (cents, locale) => {
          const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100);
          const reading = read(text, locale);
          if (!reading.ok) expect.fail(`${text} in ${locale}: ${reading.message}`);
          const [whole, fraction = ''] = reading.value.split('.');
          expect(Number(whole) * 100 + Number(fraction.padEnd(2, '0'))).toBe(cents);
        },
      ),
    );
  });

  it('formats for editing without grouping', () => {
    expect(formatLocaleDecimal(1234.5, 'de-DE')).toBe('1234,5');
    expect(formatLocaleDecimal(10, 'en-US')).toBe('10');
    expect(formatLocaleDecimal(28.57142857, 'en-US')).toBe('28.5714');
  });
});
