/**
 * Numbers typed by people in their locale's way ("1.234,56" in German, "1,234.56" in English), read
 * exactly: the result is a canonical decimal string ("1234.56"), so money can become integer cents
 * without binary floating point ("0.29" is 29 cents, never 28.999…).
 */
export interface LocaleSeparators {
  decimal: string;
  group: string;
}

export function separatorsOf(locale: string | undefined): LocaleSeparators {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

export type DecimalReading = { ok: true; value: string } | { ok: false; message: string };

const SPACES = /[\s\u00a0\u202f]/g;
const SPACE_LIKE = /^[\s\u00a0\u202f]$/;

/** An example in the locale's format, for hints and messages. */
export function exampleNumber(locale: string | undefined, value = 1234.5): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * Reads a non-negative decimal typed in the locale's format. Group separators are accepted only
 * between groups of three digits; a separator that fits neither role (an English "12,50", a German
 * "12.50") is ambiguous and refused with a message that shows the locale's way.
 */
export function parseLocaleDecimal(text: string, locale: string | undefined): DecimalReading {
  const { decimal, group } = separatorsOf(locale);
  const compact = text.replace(SPACES, '');
  const groupChar = SPACE_LIKE.test(group) ? '' : group;
  const example = exampleNumber(locale);
  if (compact === '') return { ok: false, message: 'Enter a number.' };
  if (!/^[0-9.,'’]+$/.test(compact)) return { ok: false, message: `Enter digits only, e.g. ${example}.` };
  const [whole = '', fraction, extra] = compact.split(decimal);
  if (extra !== undefined)
    return { ok: false, message: `Use "${decimal}" once, for the decimals, e.g. ${example}.` };
  if (fraction !== undefined && !/^\d+$/.test(fraction))
    return { ok: false, message: `Use "${decimal}" for the decimals, e.g. ${example}.` };
  let digits = whole;
  if (groupChar && whole.includes(groupChar)) {
    if (!new RegExp(`^\\d{1,3}(\\${groupChar}\\d{3})+$`).test(whole))
      return {
        ok: false,
        message: `"${text.trim()}" is ambiguous here: use "${decimal}" for the decimals, e.g. ${example}.`,
      };
    digits = whole.split(groupChar).join('');
  }
  if (!/^\d+$/.test(digits))
    return {
      ok: false,
      message: `"${text.trim()}" is ambiguous here: use "${decimal}" for the decimals, e.g. ${example}.`,
    };
  const normalizedWhole = digits.replace(/^0+(?=\d)/, '');
  return { ok: true, value: fraction ? `${normalizedWhole}.${fraction}` : normalizedWhole };
}

/** Formats a number for an input in the locale's way, without grouping (easy to edit), up to `maxDecimals`. */
export function formatLocaleDecimal(value: number, locale: string | undefined, maxDecimals = 4): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: maxDecimals }).format(
    value,
  );
}
