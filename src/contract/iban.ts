import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN, validateIBAN } from 'ibantools';

export const IBAN_MESSAGES = {
  unsupportedCountry: 'the IBAN country code is currently not supported',
  checkDigit: 'IBAN check digit validation failed',
} as const;

/**
 * SEPA scheme countries (EPC list): EU/EEA, CH, GB, MC, SM, VA, AD and since 2024-25 AL, MD, ME, MK.
 * Kept here because ibantools' SEPA flag lags behind the EPC list.
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
  'MC',
  'SM',
  'VA',
  'AD',
  'AL',
  'MD',
  'ME',
  'MK',
  // Territories that use their parent country's IBAN format inside SEPA.
  'GI',
  'GF',
  'GP',
  'MQ',
  'RE',
  'YT',
  'BL',
  'MF',
  'PM',
  'AX',
  'GG',
  'IM',
  'JE',
]);

/** Staff paste IBANs with spaces and in lower case: strip white space, upper-case. */
export function normalizeIban(raw: string): string {
  return electronicFormatIBAN(raw.replace(/\s+/g, '')) ?? '';
}

/** Groups an electronic IBAN in fours, as printed on cards and letters. */
export function formatIbanGroups(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The spec's message for an unusable IBAN, or null when it is valid. Anything that is not a well-formed
 * IBAN of a supported country (wrong length, national format or mod-97 check) reports the check digit
 * message, since the spec names no other (docs/spec-decisions.md).
 */
export function ibanProblem(raw: string): string | null {
  const iban = normalizeIban(raw);
  const country = iban.slice(0, 2);
  if (/^[A-Z]{2}$/.test(country) && !SEPA_COUNTRIES.has(country)) return IBAN_MESSAGES.unsupportedCountry;
  if (!isValidIBAN(iban) || !validateIBAN(iban).valid) return IBAN_MESSAGES.checkDigit;
  return null;
}

/**
 * Whether an IBAN being typed is long enough to be worth a server check: the registry length of its
 * country (ibantools' copy of the SWIFT registry), or 15 (the shortest IBAN) for unknown countries.
 */
export function ibanLooksComplete(raw: string): boolean {
  const iban = normalizeIban(raw);
  const expected = getCountrySpecifications()[iban.slice(0, 2)]?.chars;
  return iban.length >= (expected ?? 15);
}
