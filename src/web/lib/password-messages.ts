import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PASSWORD_PROBLEMS } from '../../contract/password-policy.ts';
import { consoleMessage } from './known-messages.ts';

/**
 * The password policy's and the password routes' messages (issue 31) in the UI language. Apart from
 * known-messages.ts so only the pages that set passwords (one's account, an admin's accounts page)
 * download them, not the first page load.
 */
const MEANINGS: ReadonlyMap<string, MessageDescriptor> = new Map([
  [
    PASSWORD_PROBLEMS.common,
    msg`This is one of the most common passwords: choose one nobody would guess, such as a few unrelated words.`,
  ],
  [PASSWORD_PROBLEMS.containsUsername, msg`Leave your username out of the password.`],
  [PASSWORD_PROBLEMS.oneCharacter, msg`Use more than one character, repeated: mix different ones.`],
  [
    PASSWORD_PROBLEMS.guessable,
    msg`This password is easy to guess: it follows a pattern (repeats, a keyboard row, a sequence), a word with a year, or the product’s name. Use four or more unrelated words, or a longer mix of them.`,
  ],
  ['Enter your current password.', msg`Enter your current password.`],
  ['This is not your current password.', msg`This is not your current password.`],
  ['Choose a new password, not the current one.', msg`Choose a new password, not the current one.`],
  [
    'The two new passwords differ: type the same one twice.',
    msg`The two new passwords differ: type the same one twice.`,
  ],
]);

export function passwordMessage(message: string): string;
export function passwordMessage(message: string | undefined): string | undefined;
export function passwordMessage(message: string | undefined): string | undefined {
  if (message === undefined || i18n.locale === 'en') return message;
  const meaning = MEANINGS.get(message);
  return meaning ? i18n._(meaning) : consoleMessage(message);
}
