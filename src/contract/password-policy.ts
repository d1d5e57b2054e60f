import { MIN_PASSWORD_LENGTH } from './bff-api.ts';

/**
 * The password policy (issue 31) for every password a person sets — account creation, reset, change —
 * as one pure rule the server and the console share. The list of common passwords is not here: the
 * server passes a checker over its 49k-entry list; the console passes none and leaves that rule to
 * the server's answer (the list would triple its first download).
 */
export interface PasswordPolicyInput {
  password: string;
  /** The account's username: a password containing it is refused. */
  username: string;
  /** True when the password is one of the common ones; absent: not checked here. */
  isCommon?: (password: string) => boolean;
  /**
   * True when the password is guessable for all its length (a pattern, keyboard row, repeated block,
   * dictionary word with a year; the server's zxcvbn-ts estimate); absent: not checked here.
   */
  isGuessable?: (password: string, username: string) => boolean;
}

export const PASSWORD_PROBLEMS = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  common:
    'This is one of the most common passwords: choose one nobody would guess, such as a few unrelated words.',
  containsUsername: 'Leave your username out of the password.',
  oneCharacter: 'Use more than one character, repeated: mix different ones.',
  guessable:
    'This password is easy to guess: it follows a pattern (repeats, a keyboard row, a sequence), a word with a year, or the product’s name. Use four or more unrelated words, or a longer mix of them.',
} as const;

/** Why the password cannot be used, in words that say how to fix it; empty when it can. */
export function passwordProblems({
  password,
  username,
  isCommon,
  isGuessable,
}: PasswordPolicyInput): string[] {
  const problems: string[] = [];
  // Code points, not UTF-16 units: an emoji counts as one character, as a person sees it.
  const characters = [...password];
  if (characters.length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_PROBLEMS.tooShort);
  if (characters.length > 0 && characters.every((character) => character === characters[0]))
    problems.push(PASSWORD_PROBLEMS.oneCharacter);
  else if (isCommon?.(password)) problems.push(PASSWORD_PROBLEMS.common);
  else if (characters.length >= MIN_PASSWORD_LENGTH && isGuessable?.(password, username))
    problems.push(PASSWORD_PROBLEMS.guessable);
  const name = username.trim().toLowerCase();
  if (name.length > 0 && password.toLowerCase().includes(name))
    problems.push(PASSWORD_PROBLEMS.containsUsername);
  return problems;
}

/** A checker over a list of common passwords, compared without case (`Password1234` is as weak as `password1234`). */
export function commonPasswordChecker(list: readonly string[]): (password: string) => boolean {
  const common = new Set(list.map((entry) => entry.toLowerCase()));
  return (password) => common.has(password.toLowerCase());
}
