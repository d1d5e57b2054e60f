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
}

export const PASSWORD_PROBLEMS = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  common:
    'This is one of the most common passwords: choose one nobody would guess, such as a few unrelated words.',
  containsUsername: 'Leave your username out of the password.',
  oneCharacter: 'Use more than one character, repeated: mix different ones.',
} as const;

/** Why the password cannot be used, in words that say how to fix it; empty when it can. */
export function passwordProblems({ password, username, isCommon }: PasswordPolicyInput): string[] {
  const problems: string[] = [];
  // Code points, not UTF-16 units: an emoji counts as one character, as a person sees it.
  const characters = [...password];
  if (characters.length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_PROBLEMS.tooShort);
  if (characters.length > 0 && characters.every((character) => character === characters[0]))
    problems.push(PASSWORD_PROBLEMS.oneCharacter);
  else if (isCommon?.(password)) problems.push(PASSWORD_PROBLEMS.common);
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
