import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Messages in English that come from elsewhere — the Energy Platform, the contract's shared rules —
 * with what they mean in the UI language. The console server's own refusals carry a code and are put
 * in the UI language by it (bff-refusal.ts), never by their words. The platform's messages are shown as
 * sent, with the meaning beside them; the console's own words are simply replaced. The texts are
 * written out rather than imported from the contract's rule modules, which would bring their
 * libraries (ibantools, the holiday calendar) into the first page load; a test keeps them equal.
 */
/** The pattern's match and its groups (empty strings where a group is absent). */
type Groups = readonly [string, string, string, string];
type Meaning = (groups: Groups) => MessageDescriptor;
const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const KNOWN: readonly (readonly [RegExp, Meaning])[] = [
  [exact('This field is required.'), () => msg`This field is required.`],
  [
    exact('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'),
    () => msg`Give the date as YYYY-MM-DD.`,
  ],
  [
    exact('Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm:ssZ.'),
    () => msg`Give the date and time as YYYY-MM-DDThh:mm:ssZ.`,
  ],
  [exact('This field may not be blank.'), () => msg`This field may not be empty.`],
  [exact('This field may not be null.'), () => msg`This field may not be empty.`],
  [exact('Not a valid string.'), () => msg`This must be text.`],
  [exact('Must be a valid boolean.'), () => msg`This must be yes or no.`],
  [exact('A valid integer is required.'), () => msg`Enter a whole number.`],
  [exact('A valid number is required.'), () => msg`Enter a number.`],
  [exact('Enter a valid email address.'), () => msg`Enter a valid email address.`],
  [exact('Enter a valid German postcode (5 digits).'), () => msg`Enter a valid German postcode (5 digits).`],
  [
    /^Ensure this field has no more than (\d+) characters\.$/,
    ([, maximum]) => msg`Use at most ${maximum} characters.`,
  ],
  [
    /^Ensure this field has at least (\d+) characters\.$/,
    ([, minimum]) => msg`Use at least ${minimum} characters.`,
  ],
  [
    /^Ensure this value is greater than or equal to (-?[\d.]+)\.$/,
    ([, minimum]) => msg`Enter ${minimum} or more.`,
  ],
  [
    /^Ensure this value is less than or equal to (-?[\d.]+)\.$/,
    ([, maximum]) => msg`Enter at most ${maximum}.`,
  ],
  [/^"(.*)" is not a valid choice\.$/, ([, value]) => msg`“${value}” is not one of the options.`],
  [exact('This field is required for business customers.'), () => msg`Required for business customers.`],
  [exact('This field is required for direct debit.'), () => msg`Required for direct debit.`],
  [
    exact('This field is required when a smart meter is ordered.'),
    () => msg`Required when a smart meter is ordered.`,
  ],
  [
    exact('This field is required when the former contract is terminated.'),
    () => msg`Required when the former contract is terminated.`,
  ],
  [
    exact('This field is required when no_of_executions is greater than 1.'),
    () => msg`Required when the charge is booked more than once.`,
  ],
  [
    exact('Select a valid IANA time zone name (e.g. Europe/Berlin).'),
    () => msg`Choose a time zone such as Europe/Berlin.`,
  ],
  [
    exact('the IBAN country code is currently not supported'),
    () => msg`The IBAN is from a country the platform does not support (SEPA countries only).`,
  ],
  [
    exact('IBAN check digit validation failed'),
    () => msg`The IBAN's check digits are wrong: look for a typo.`,
  ],
  [
    exact('market location identifier contains non-digit character'),
    () => msg`A market location ID has digits only.`,
  ],
  [
    exact('market location identifier contains too many characters'),
    () => msg`A market location ID has 11 digits: this is too long.`,
  ],
  [
    exact('market location identifier contains too few characters'),
    () => msg`A market location ID has 11 digits: this is too short.`,
  ],
  [
    exact('market location identifier must start with a digit between 1-9'),
    () => msg`A market location ID starts with a digit from 1 to 9.`,
  ],
  [
    exact('check digit validation failed'),
    () => msg`The check digit (the last digit) is wrong: look for a typo.`,
  ],
  [
    /^Enter a valid (market location|technical resource|controllable resource) ID: ([A-Z]) followed by 9 letters or digits and a check digit \(e\.g\. (\w+)\)\.$/,
    ([, , prefix, example]) =>
      msg`Enter a valid ID: ${prefix} followed by 9 letters or digits and a check digit (e.g. ${example}).`,
  ],
  [
    /^The (market location|technical resource|controllable resource) ID's check digit is wrong\.$/,
    () => msg`The ID's check digit (the last character) is wrong: look for a typo.`,
  ],
  [
    exact(
      'The supply market location must differ from the feed-in one: feed-in and supply are two market locations.',
    ),
    () =>
      msg`The supply market location must differ from the feed-in one: feed-in and supply are two market locations.`,
  ],
  [exact('unknown customer_type'), () => msg`The customer type is not known.`],
  [
    exact('unsupported change_reason for selected customer_type'),
    () => msg`This change reason is not allowed for this customer type.`,
  ],
  [
    exact('delivery start to this date is not possible'),
    () => msg`Delivery cannot start on this date: it is too early.`,
  ],
  [
    exact('A consumer with this user ID has already been migrated.'),
    () => msg`This consumer has already been migrated.`,
  ],
  [exact('Not found.'), () => msg`Not found.`],
  [
    exact('A charge or credit with this input_id already exists for this contract.'),
    () => msg`This contract already has a charge or credit with this input ID.`,
  ],
  [
    exact('A technical resource with this technical_resource_id already exists.'),
    () => msg`A technical resource with this ID is registered already.`,
  ],
  [exact('Invalid or expired token.'), () => msg`The console's access to the platform had expired.`],
  [exact('An account with this username exists.'), () => msg`An account with this username exists.`],
  [exact('Enter your username.'), () => msg`Enter your username.`],
  [exact('Enter your password.'), () => msg`Enter your password.`],
  [/^Use at least (\d+) characters\.$/, ([, minimum]) => msg`Use at least ${minimum} characters.`],
  [/^Use at most (\d+) characters\.$/, ([, maximum]) => msg`Use at most ${maximum} characters.`],
  [
    exact('Use lower-case letters, digits, dots, hyphens and underscores.'),
    () => msg`Use lower-case letters, digits, dots, hyphens and underscores.`,
  ],
  [exact('The end must come after the start.'), () => msg`The end must come after the start.`],
  [exact('The file has no rows to send.'), () => msg`The file has no rows to send.`],
  [exact('The file has no header line and rows.'), () => msg`The file has no header line and rows.`],
  [
    /^Row (\d+): a quoted field is not closed\.$/,
    ([, row]) => msg`Row ${row}: a quoted field is not closed.`,
  ],
  [
    /^The file has (\d+) rows; a campaign takes at most (\d+)\.$/,
    ([, rows, maximum]) => msg`The file has ${rows} rows; a campaign takes at most ${maximum}.`,
  ],
  [
    /^A campaign takes at most (\d+) rows\.$/,
    ([, maximum]) => msg`A campaign takes at most ${maximum} rows.`,
  ],
  [
    exact('amount_cent is whole cents: 1000 for 10,00 €'),
    () => msg`amount_cent is whole cents: 1000 for 10,00 €`,
  ],
  [
    exact(
      'This cell holds a character that cannot be what was meant (� or a control character): correct it, or save the file as CSV UTF-8.',
    ),
    () =>
      msg`This cell holds a character that cannot be what was meant (� or a control character): correct it, or save the file as CSV UTF-8.`,
  ],
  [
    /^amount_eur is euros with at most two decimals, written as this file writes numbers: (.+)$/,
    ([, example]) =>
      msg`amount_eur is euros with at most two decimals, written as this file writes numbers: ${example}`,
  ],
  [
    /^Row (\d+) has the same (input_id|user_id) with other values \((.+)\): only one of them can be booked\.$/,
    ([, row, key, fields]) =>
      msg`Row ${row} has the same ${key} with other values (${fields}): only one of them can be booked.`,
  ],
  [exact('Enter a number.'), () => msg`Enter a number.`],
  [/^Enter digits only, e\.g\. (.+)\.$/, ([, example]) => msg`Enter digits only, e.g. ${example}.`],
  [
    /^"(.*)" is ambiguous here: use "(.)" for the decimals, e\.g\. (.+)\.$/,
    ([, typed, decimal, example]) =>
      msg`“${typed}” is ambiguous here: use “${decimal}” for the decimals, e.g. ${example}.`,
  ],
  [
    /^Use "(.)" once, for the decimals, e\.g\. (.+)\.$/,
    ([, decimal, example]) => msg`Use “${decimal}” once, for the decimals, e.g. ${example}.`,
  ],
  [
    /^Use "(.)" for the decimals, e\.g\. (.+)\.$/,
    ([, decimal, example]) => msg`Use “${decimal}” for the decimals, e.g. ${example}.`,
  ],
  [
    /^Use at most two decimals \(cents\), e\.g\. (.+)\.$/,
    ([, example]) => msg`Use at most two decimals (cents), e.g. ${example}.`,
  ],
  [/^Enter at most (.+)\.$/, ([, maximum]) => msg`Enter at most ${maximum}.`],
];

/** What a known message means in the UI language, or undefined for an unknown one. */
export function meaningOf(message: string): string | undefined {
  for (const [pattern, meaning] of KNOWN) {
    const match = pattern.exec(message);
    if (match) return i18n._(meaning([match[0], match[1] ?? '', match[2] ?? '', match[3] ?? '']));
  }
  return undefined;
}

/**
 * A message of the platform as sent, with its meaning beside it when the UI speaks another language
 * than the platform's English: "IBAN check digit validation failed — Die Prüfziffer …".
 */
export function platformMessage(message: string): string {
  if (i18n.locale === 'en') return message;
  const meaning = meaningOf(message);
  return meaning && meaning !== message ? `${message} — ${meaning}` : message;
}

/** A message of the console's own rules (shared with the sandbox, so written in English) in the UI language. */
export function consoleMessage(message: string): string;
export function consoleMessage(message: string | undefined): string | undefined;
export function consoleMessage(message: string | undefined): string | undefined {
  if (message === undefined || i18n.locale === 'en') return message;
  return meaningOf(message) ?? message;
}
