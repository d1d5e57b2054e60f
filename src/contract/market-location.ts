/**
 * Market location ID (MaLo-ID): 11 digits, first digit 1-9, last digit a BDEW check digit.
 * The check digit is not Luhn: A = sum of odd positions 1..9, B = 2 * sum of even positions 2..10,
 * check = (10 - (A + B) mod 10) mod 10 (BDEW "Anwendungshilfe MaLo-ID").
 */
export const MARKET_LOCATION_MESSAGES = {
  nonDigit: 'market location identifier contains non-digit character',
  tooLong: 'market location identifier contains too many characters',
  tooShort: 'market location identifier contains too few characters',
  leadingZero: 'market location identifier must start with a digit between 1-9',
  checkDigit: 'check digit validation failed',
} as const;

export const MARKET_LOCATION_LENGTH = 11;

/** The BDEW odd/2x-even/mod-10 check digit over the given character codes' values. */
export function bdewCheckDigit(values: readonly number[]): number {
  let odd = 0;
  let even = 0;
  values.forEach((value, index) => {
    if (index % 2 === 0) odd += value;
    else even += value;
  });
  return (10 - ((odd + 2 * even) % 10)) % 10;
}

/** The spec's message for an invalid ID, in the spec's order, or null when the ID is valid. */
export function marketLocationProblem(id: string): string | null {
  if (!/^\d*$/.test(id)) return MARKET_LOCATION_MESSAGES.nonDigit;
  if (id.length > MARKET_LOCATION_LENGTH) return MARKET_LOCATION_MESSAGES.tooLong;
  if (id.length < MARKET_LOCATION_LENGTH) return MARKET_LOCATION_MESSAGES.tooShort;
  if (id.startsWith('0')) return MARKET_LOCATION_MESSAGES.leadingZero;
  const digits = [...id].map(Number);
  if (bdewCheckDigit(digits.slice(0, 10)) !== digits[10]) return MARKET_LOCATION_MESSAGES.checkDigit;
  return null;
}

/** Appends the check digit to ten digits (used by seeds, tests and form hints). */
export function withMarketLocationCheckDigit(tenDigits: string): string {
  return tenDigits + String(bdewCheckDigit([...tenDigits].map(Number)));
}

/**
 * Redispatch identifiers: TR-ID `D` + 9 alphanumerics + check digit, SR-ID `C` + 9 + check digit.
 * Same scheme, a letter counts as its ASCII code (BDEW "Bildungsvorschrift Identifikatoren" 6.2).
 */
/** Valid examples: the check digit covers the prefix letter too, so C and D differ. */
export const REDISPATCH_ID_EXAMPLES = { C: 'C1137355923', D: 'D1137355922' } as const;

export function redispatchIdProblem(id: string, prefix: 'D' | 'C'): string | null {
  const kind = prefix === 'D' ? 'technical resource' : 'controllable resource';
  if (!new RegExp(`^${prefix}[A-Z0-9]{9}[0-9]$`).test(id)) {
    return `Enter a valid ${kind} ID: ${prefix} followed by 9 letters or digits and a check digit (e.g. ${REDISPATCH_ID_EXAMPLES[prefix]}).`;
  }
  const values = [...id.slice(0, 10)].map((char) => (/\d/.test(char) ? Number(char) : char.charCodeAt(0)));
  if (bdewCheckDigit(values) !== Number(id[10])) return `The ${kind} ID's check digit is wrong.`;
  return null;
}
