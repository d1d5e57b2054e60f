import { randomBytes } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as germanDictionary } from '@zxcvbn-ts/language-de';
import { commonPasswordChecker, passwordProblems } from '../../contract/password-policy.ts';

/** zxcvbn-ts's list of 49,233 common passwords, most frequent first: the policy's "not a common password". */
const isCommonPassword = commonPasswordChecker(commonDictionary['passwords-common']);

/**
 * Words anyone guessing a password for this console tries first: its name, its parts, its world (in
 * English and German). zxcvbn-ts treats them as the cheapest dictionary.
 */
export const PRODUCT_WORDS = [
  'energy',
  'console',
  'energyconsole',
  'energy-console',
  'energy console',
  'platform',
  'sandbox',
  'admin',
  'operator',
  'viewer',
  'approval',
  'energie',
  'konsole',
  'plattform',
  'strom',
  'freigabe',
];

/** zxcvbn's score 3 is ≥ 10^8 guesses; required on top of it, a margin its estimate of `Sommer2026!!` (10^8.01) misses. */
export const MIN_GUESSES_LOG10 = 9;
export const MIN_SCORE = 3;

/**
 * zxcvbn-ts with the common (passwords, diceware, keyboard graphs) and German (words, names, Wikipedia)
 * dictionaries: the staff are German speakers, and German words and names are what they would choose.
 * Server-side only: the dictionaries are megabytes, the console leaves this rule to the server's answer.
 */
const zxcvbn = new ZxcvbnFactory({
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...germanDictionary },
});

/** True when zxcvbn-ts estimates `password` below score 3 or MIN_GUESSES_LOG10, with the username as context. */
export function isGuessablePassword(password: string, username: string): boolean {
  const { score, guessesLog10 } = zxcvbn.check(password, [username, ...PRODUCT_WORDS]);
  return score < MIN_SCORE || guessesLog10 < MIN_GUESSES_LOG10;
}

/** Why `password` cannot be `username`'s new password (create, reset, change); empty when it can. */
export function newPasswordProblems(password: string, username: string): string[] {
  return passwordProblems({
    password,
    username,
    isCommon: isCommonPassword,
    isGuessable: isGuessablePassword,
  });
}

/**
 * A temporary password for an admin's reset: 120 random bits in 20 URL-safe characters (easy to copy,
 * no look-alike quoting issues), and like every password it passes the policy.
 */
export function temporaryPassword(username: string): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (newPasswordProblems(candidate, username).length === 0) return candidate;
  }
}
